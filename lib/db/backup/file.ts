import { createReadStream, createWriteStream } from "node:fs";
import { access, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import type { MigrationLevel } from "./level";

/**
 * A backup file: gzip'd JSON lines. The first line is the header, every other line one row,
 * `{"table": "users", "row": {…}}` with the row as PostgreSQL's `to_jsonb` gives it (timestamps as
 * ISO text with their offset, jsonb columns as JSON). The header's row counts let a restore tell a
 * cut file from a whole one even when the cut falls between two lines.
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

/**
 * Writes the header and the lines to `file`, readable by its owner only (it holds e-mail addresses
 * and password hashes). A file of that name is only ever complete: written aside, then renamed.
 */
export async function writeBackupFile(
  file: string,
  header: BackupHeader,
  lines: AsyncIterable<BackupLine>,
): Promise<void> {
  const partial = `${file}.partial`;
  async function* text() {
    yield `${JSON.stringify(header)}\n`;
    for await (const line of lines) yield `${JSON.stringify(line)}\n`;
  }
  try {
    await pipeline(Readable.from(text()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The header of a backup file, checked to be this product's and of a format this build reads, and the row lines after it (`close` when done). */
export async function openBackupFile(
  file: string,
): Promise<{ header: BackupHeader; lines: AsyncGenerator<BackupLine>; close: () => Promise<unknown> }> {
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
  async function* lines(): AsyncGenerator<BackupLine> {
    for await (const line of text) {
      const value = parsed(line) as BackupLine | null;
      if (!value || typeof value.table !== "string" || typeof value.row !== "object")
        throw new BackupError(`${file} is damaged: a line is not a row`);
      yield value;
    }
  }
  return { header: header as BackupHeader, lines: lines(), close: () => text.return(undefined) };
}

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
