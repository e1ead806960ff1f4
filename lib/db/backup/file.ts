import { createHmac, timingSafeEqual } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, open, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import type { MigrationLevel } from "./level";

/**
 * A backup file: gzip'd JSON lines. The first line is the header, every other line one row,
 * `{"table": "users", "row": {…}}` with the row as PostgreSQL's `to_jsonb` gives it (timestamps as
 * ISO text with their offset, jsonb columns as JSON), and the last line the signature,
 * `{"signature": "<hex>"}`: an HMAC-SHA256 of every line before it, keyed by the deployment's
 * AUTH_SECRET (`backupKey`). The header's row counts let a restore tell a cut file from a whole one
 * even when the cut falls between two lines; the signature tells an edited file, or another
 * deployment's, from one this deployment made.
 */
export const PRODUCT = "halqa-dashboard";
export const FORMAT = 1;

export type BackupHeader = {
  product: typeof PRODUCT;
  format: typeof FORMAT;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** The last migration applied to the store when it was backed up. */
  migration: MigrationLevel;
  tables: { name: string; columns: string[]; rows: number }[];
  /** Tables of the store not in the file, with the reason. */
  leftOut: Record<string, string>;
};

export type BackupLine = { table: string; row: Record<string, unknown> };

/** A refusal with a message for the person running the command; nothing was changed. */
export class BackupError extends Error {}

/** The key a deployment signs its backups with, derived from its AUTH_SECRET. */
export function backupKey(secret: string): Buffer {
  return createHmac("sha256", secret).update(`${PRODUCT}:backup:v1`).digest();
}

/** Whether a file's signature is this deployment's: "missing" in a file made before backups were signed, or by hand. */
export type Signature = "valid" | "missing" | "invalid";

/** How a restore treats a file this deployment did not sign (the command line's --accept-unsigned). */
export type Trust = { key: Buffer; acceptUnsigned?: boolean };

/**
 * Writes the header and the lines to `file`, readable by its owner only (it holds e-mail addresses
 * and password hashes). A file of that name is only ever complete: written aside, then renamed.
 */
export async function writeBackupFile(
  file: string,
  header: BackupHeader,
  lines: AsyncIterable<BackupLine>,
  key: Buffer,
): Promise<void> {
  const partial = `${file}.partial`;
  const hmac = createHmac("sha256", key);
  async function* text() {
    const first = JSON.stringify(header);
    hmac.update(`${first}\n`);
    yield `${first}\n`;
    for await (const line of lines) {
      const written = `${JSON.stringify(line)}\n`;
      hmac.update(written);
      yield written;
    }
    yield `${JSON.stringify({ signature: hmac.digest("hex") })}\n`;
  }
  // Made new, by this process, readable by its owner only: whatever had the name before (a file left
  // by a crash, one made readable by all, a link to elsewhere) is removed, not written through, and a
  // link made again in between fails the exclusive open instead of being followed.
  await rm(partial, { force: true });
  const handle = await open(
    partial,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    await pipeline(Readable.from(text()), createGzip(), handle.createWriteStream());
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The header of a backup file, checked to be this product's and of a format this build reads, and
 * the row lines after it (`close` when done). The signature is checked when the last line is read:
 * the lines end with a BackupError there when it is not this deployment's, unless `trust` accepts
 * that (`signature()` then says which it was), so a restore that reads them in a transaction writes
 * nothing of an edited file.
 */
export async function openBackupFile(
  file: string,
  trust: Trust,
): Promise<{
  header: BackupHeader;
  lines: AsyncGenerator<BackupLine>;
  signature: () => Signature | null;
  close: () => Promise<unknown>;
}> {
  await access(file).catch(() => {
    throw new BackupError(`cannot read ${file}`);
  });
  const text = textLines(file);
  const first = await text.next();
  const header = parsed(first.done ? "" : first.value) as Partial<BackupHeader> | null;
  if (header?.product !== PRODUCT) {
    await text.return(undefined);
    throw new BackupError(
      `${file} is not a backup of the ${PRODUCT}${typeof header?.product === "string" ? ` (it says it is from "${header.product}")` : ""}`,
    );
  }
  if (header.format !== FORMAT) {
    await text.return(undefined);
    throw new BackupError(
      `${file} is in backup format ${String(header.format)}; this version of the dashboard reads format ${FORMAT}: restore it with the version that made it`,
    );
  }
  const hmac = createHmac("sha256", trust.key).update(`${first.done ? "" : first.value}\n`);
  let signature: Signature | null = null;
  async function* lines(): AsyncGenerator<BackupLine> {
    let signed: string | null = null;
    for await (const line of text) {
      const value = parsed(line) as (BackupLine & { signature?: unknown }) | null;
      if (signed === null && typeof value?.signature === "string") {
        signed = value.signature;
        continue;
      }
      if (signed !== null || !value || typeof value.table !== "string" || typeof value.row !== "object")
        throw new BackupError(`${file} is damaged: a line is not a row`);
      hmac.update(`${line}\n`);
      yield value;
    }
    const expected = Buffer.from(hmac.digest("hex"));
    signature =
      signed === null
        ? "missing"
        : expected.length === signed.length && timingSafeEqual(expected, Buffer.from(signed))
          ? "valid"
          : "invalid";
    if (signature !== "valid" && !trust.acceptUnsigned) throw new BackupError(UNSIGNED[signature](file));
  }
  return {
    header: header as BackupHeader,
    lines: lines(),
    signature: () => signature,
    close: () => text.return(undefined),
  };
}

const ACCEPT =
  "If you know where it comes from and trust it, restore it with --accept-unsigned: the restore is then written in the audit log";
const UNSIGNED = {
  missing: (file: string) =>
    `${file} is not signed (made before backups were signed, or not by the dashboard): nothing was restored. ${ACCEPT}`,
  invalid: (file: string) =>
    `${file} was not made by this deployment, or was changed since it was made (its signature does not match this deployment's AUTH_SECRET): nothing was restored. ${ACCEPT}`,
};

function parsed(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** The file's lines after gunzip; a cut or damaged file throws a BackupError when the damage is reached. */
async function* textLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  const decoder = new StringDecoder("utf8");
  let rest = "";
  try {
    for await (const chunk of input.pipe(gunzip)) {
      const parts = (rest + decoder.write(chunk as Buffer)).split("\n");
      rest = parts.pop()!;
      yield* parts;
    }
  } catch (error) {
    const reason =
      (error as { code?: string }).code === "Z_BUF_ERROR"
        ? "it ends too early (cut short?)"
        : `it is not a gzip'd backup (${(error as Error).message})`;
    throw new BackupError(`${file} cannot be read: ${reason}`);
  } finally {
    input.destroy();
  }
  if (rest + decoder.end()) throw new BackupError(`${file} ends in the middle of a line (cut short?)`);
}
