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

/**
 * The account a token is for, as the cookie carries it: a keyed digest of its e-mail, so that the
 * cookie says nothing of whose it is to anyone without the server's secret.
 */
function accountTag(secret: string, email: string): string {
  return createHmac("sha256", `device-cookie-account:${secret}`).update(email).digest("base64url").slice(0, 22);
}

function signature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", `device-cookie:${secret}`).update(`${email}\n${nonce}`).digest("base64url").slice(0, 32);
}

type Token = { account: string; nonce: string; signed: string; raw: string };
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32})$/;

/** The well-formed tokens of a cookie's value (whose they are is known only by asking for an account). */
function tokensOf(value: string | null | undefined): Token[] {
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  return value
    .split("~")
    .slice(0, MAX_TOKENS)
    .flatMap((raw) => {
      const match = TOKEN.exec(raw);
      return match ? [{ account: match[1]!, nonce: match[2]!, signed: match[3]!, raw }] : [];
    });
}

function isFor(token: Token, email: string, secret: string): boolean {
  if (token.account !== accountTag(secret, email)) return false;
  const expected = Buffer.from(signature(secret, email, token.nonce));
  const actual = Buffer.from(token.signed);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The device's id for this account, when the cookie holds a valid token for it; else null. */
export function deviceFor(value: string | null | undefined, email: string, secret: string): string | null {
  return tokensOf(value).find((token) => isFor(token, email, secret))?.nonce ?? null;
}

/** The cookie after a successful sign-in: this account's token first (kept if it had one), then the others. */
export function deviceCookieAfterSignIn(value: string | null | undefined, email: string, secret: string): string {
  const tokens = tokensOf(value);
  const own = tokens.find((token) => isFor(token, email, secret));
  const nonce = own?.nonce ?? randomBytes(18).toString("base64url");
  const account = accountTag(secret, email);
  const fresh = own?.raw ?? `${account}.${nonce}.${signature(secret, email, nonce)}`;
  return [fresh, ...tokens.filter((token) => token.account !== account).map((token) => token.raw)]
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
