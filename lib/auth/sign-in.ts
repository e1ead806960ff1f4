import "server-only";
import { burnPasswordCheck, verifyPassword } from "./password";
import { beginSignInAttempt, signInSucceeded } from "./throttle";
import { findUserByEmail } from "./actor";

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAt: Date }
  /** Said only after a correct password, so it reveals nothing to someone guessing. */
  | { ok: false; reason: "disabled" };

/**
 * Email and password through the throttle (lib/auth/throttle.ts); a refused attempt checks no password.
 * `device`: the id from this account's device cookie, when the browser showed a valid one.
 */
export async function checkPassword(
  email: string,
  password: string,
  address: string | null,
  now = new Date(),
  device: string | null = null,
): Promise<SignInResult> {
  const gate = await beginSignInAttempt(email, address, now, device);
  if (!gate.ok) return { ok: false, reason: "throttled", retryAt: gate.retryAt };
  const user = await findUserByEmail(email);
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false);
  if (!ok || !user) return { ok: false, reason: "invalid" };
  await signInSucceeded(email, address, now, device);
  if (user.disabledAt) return { ok: false, reason: "disabled" };
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}
