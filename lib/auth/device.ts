import "server-only";
import { cookies } from "next/headers";
import { authSecret } from "./secret";
import { cookieValue, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, deviceCookieAfterSignIn, deviceFor } from "./device-cookie";

/** The device id of this account's device cookie in the request, when it carries a valid one. */
export function signInDevice(headers: Headers, email: string): string | null {
  return deviceFor(cookieValue(headers.get("cookie"), DEVICE_COOKIE), email, authSecret());
}

/** After the right password: the browser keeps (or gets) this account's device token. */
export async function rememberDevice(request: Request, email: string): Promise<void> {
  const value = deviceCookieAfterSignIn(cookieValue(request.headers.get("cookie"), DEVICE_COOKIE), email, authSecret());
  const secure = request.url.startsWith("https:") || request.headers.get("x-forwarded-proto") === "https";
  (await cookies()).set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE,
    secure,
  });
}
