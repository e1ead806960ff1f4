import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  // Two demo instances starting together in one folder must end up with one secret: the file is
  // written aside and linked into place, which fails for the second; everyone reads what won.
  mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(aside, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
