import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a successful
 * sign-in leaves a signed, per-account token in the browser. A later sign-in to that account that
 * shows it is throttled per device instead of per address, so a pupil guessing on the school's
 * shared network cannot hold the teacher back on the tablet the teacher always uses. One cookie
 * holds the tokens of the last few accounts signed in on the device.
 */
export const DEVICE_COOKIE = "halqa-device";
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;
const MAX_TOKENS = 5;
const MAX_COOKIE_LENGTH = 2048;

const encode = (text: string) => Buffer.from(text, "utf8").toString("base64url");

function signature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", `device-cookie:${secret}`).update(`${email}\n${nonce}`).digest("base64url").slice(0, 32);
}

type Token = { email: string; nonce: string; raw: string };

function tokensOf(value: string | null | undefined, secret: string): Token[] {
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  const tokens: Token[] = [];
  for (const raw of value.split("~").slice(0, MAX_TOKENS)) {
    const [who, nonce, given] = raw.split(".");
    if (!who || !nonce || !given || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) continue;
    const email = Buffer.from(who, "base64url").toString("utf8");
    const expected = Buffer.from(signature(secret, email, nonce));
    const actual = Buffer.from(given);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) tokens.push({ email, nonce, raw });
  }
  return tokens;
}

/** The device's id for this account, when the cookie holds a valid token for it; else null. */
export function deviceFor(value: string | null | undefined, email: string, secret: string): string | null {
  return tokensOf(value, secret).find((token) => token.email === email)?.nonce ?? null;
}

/** The cookie after a successful sign-in: this account's token first (kept if it had one), then the others. */
export function deviceCookieAfterSignIn(value: string | null | undefined, email: string, secret: string): string {
  const tokens = tokensOf(value, secret);
  const own = tokens.find((token) => token.email === email);
  const nonce = own?.nonce ?? randomBytes(18).toString("base64url");
  const fresh = own?.raw ?? `${encode(email)}.${nonce}.${signature(secret, email, nonce)}`;
  return [fresh, ...tokens.filter((token) => token.email !== email).map((token) => token.raw)]
    .slice(0, MAX_TOKENS)
    .join("~");
}

/** A cookie header's value for one name (the first), without a parser that could throw on garbage. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
