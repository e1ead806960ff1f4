import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isEmbeddedMode } from "@/lib/connections";

/**
 * AUTH_SECRET signs session cookies; every instance behind a load balancer needs the same one.
 * Only the embedded demo may make its own (kept in .data/ so sessions survive a restart).
 */
export function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  if (!isEmbeddedMode()) throw new Error("AUTH_SECRET must be set when the dashboard serves a real school");
  const file = path.join(process.cwd(), ".data", "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
