import path from "node:path";
import { sql } from "drizzle-orm";
import { DASHBOARD_MIGRATIONS, type DashboardDatabase, type DashboardExecutor } from "../client";
import { auditLog, connections } from "../schema";
import { newId } from "@/lib/ids";
import {
  BackupError,
  FORMAT,
  PRODUCT,
  openBackupFile,
  writeBackupFile,
  type BackupHeader,
  type BackupLine,
  type Signature,
  type Trust,
} from "./file";
import { knownLevels, storeLevel, tablesAt } from "./level";
import { BACKED_UP, KNOWN_VALUES, LEFT_OUT, isBackedUp, unknownValue } from "./tables";

export { BackupError, backupKey, type BackupHeader, type Signature, type Trust } from "./file";
export { BACKED_UP, LEFT_OUT } from "./tables";

const BATCH = 500;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DashboardExecutor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Writes the store's own data (tables.ts) to `file`. Everything is read in one REPEATABLE READ
 * transaction, so the file is one moment of the store even while a server writes to PostgreSQL.
 * (A PGlite folder belongs to one process: the command refuses one that a server holds,
 * lib/db/store-alone.ts.)
 */
export async function backupStore(
  store: DashboardDatabase,
  file: string,
  key: Buffer,
  migrationsFolder = DASHBOARD_MIGRATIONS,
): Promise<BackupHeader> {
  return store.db.transaction(
    async (tx) => {
      const columns = await columnsOf(tx);
      const tables: BackupHeader["tables"] = [];
      for (const name of BACKED_UP.filter((table) => columns.has(table))) {
        const [count] = await rowsOf<{ rows: number }>(
          tx,
          sql`select count(*)::int as rows from ${sql.identifier(name)}`,
        );
        tables.push({ name, columns: columns.get(name)!, rows: count!.rows });
      }
      const header: BackupHeader = {
        product: PRODUCT,
        format: FORMAT,
        createdAt: new Date().toISOString(),
        engine: store.kind,
        migration: await storeLevel(tx, migrationsFolder),
        tables,
        leftOut: LEFT_OUT,
      };
      await writeBackupFile(
        file,
        header,
        rowsOfStore(
          tx,
          tables.map((table) => table.name),
        ),
        key,
      );
      return header;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Every backed-up row, a batch at a time through a cursor (an audit log can be long). */
async function* rowsOfStore(tx: DashboardExecutor, tables: string[]): AsyncGenerator<BackupLine> {
  for (const table of tables) {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select to_jsonb(t) as row from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const batch = await rowsOf<{ row: Record<string, unknown> }>(tx, sql.raw(`fetch ${BATCH} from backup_rows`));
      for (const { row } of batch) yield { table, row };
      if (batch.length < BATCH) break;
    }
    await tx.execute(sql`close backup_rows`);
  }
}

/**
 * Replaces the store's own data with the file's, in one transaction: all of it or, on any refusal or
 * damage, nothing. Refused before anything is read into the store: a file of another product or
 * format, or from a schema newer than this build's. A file from an older schema restores: its
 * columns are filled, columns added since take their defaults. The rebuilt tables (LEFT_OUT) are
 * left as they are; the syncs refill them.
 */
export async function restoreStore(
  store: DashboardDatabase,
  file: string,
  trust: Trust,
  migrationsFolder = DASHBOARD_MIGRATIONS,
): Promise<BackupHeader & { signature: Signature }> {
  const { header, lines, signature, close } = await openRestorable(file, trust, migrationsFolder);
  try {
    await store.db.transaction(async (tx) => {
      const present = await columnsOf(tx);
      for (const table of header.tables) {
        const gone = isBackedUp(table.name)
          ? table.columns.filter((column) => !present.get(table.name)?.includes(column))
          : [table.name];
        if (gone.length > 0)
          throw new BackupError(
            `${file} holds ${isBackedUp(table.name) ? `columns of ${table.name} (${gone.join(", ")})` : `a table ${table.name}`} that this store does not have`,
          );
      }
      await tx.execute(
        sql`truncate ${sql.join(
          BACKED_UP.map((name) => sql.identifier(name)),
          sql`, `,
        )}`,
      );
      const counts = await insertAll(tx, header, lines);
      const short = header.tables.find((table) => (counts.get(table.name) ?? 0) !== table.rows);
      if (short)
        throw new BackupError(
          `${file} is incomplete: ${short.name} has ${counts.get(short.name) ?? 0} of its ${short.rows} rows (cut short?); nothing was restored`,
        );
      if (signature() !== "valid") await recordUnsigned(tx, file, signature()!);
    });
    return { ...header, signature: signature()! };
  } finally {
    await close();
  }
}

/** The restore of a file this deployment did not sign, accepted by the person: one line in each school's audit log. */
async function recordUnsigned(tx: DashboardExecutor, file: string, signature: Signature): Promise<void> {
  const schools = await tx.select({ id: connections.id }).from(connections);
  if (schools.length === 0) return;
  await tx.insert(auditLog).values(
    schools.map((school) => ({
      id: newId("aud"),
      connectionId: school.id,
      userEmail: "command line",
      action: "backup.restore_unsigned",
      result: "ok" as const,
      details: { file: path.basename(file), signature, accepted: "--accept-unsigned" },
    })),
  );
}

/**
 * The header of a file this build can restore (a BackupError says why not), read to its end to check
 * its signature; the store is not opened for it.
 */
export async function checkBackup(
  file: string,
  trust: Trust,
  migrationsFolder = DASHBOARD_MIGRATIONS,
): Promise<BackupHeader & { signature: Signature }> {
  const { header, lines, signature, close } = await openRestorable(file, trust, migrationsFolder);
  try {
    for await (const line of lines) void line;
    return { ...header, signature: signature()! };
  } finally {
    await close();
  }
}

async function openRestorable(file: string, trust: Trust, migrationsFolder: string) {
  const opened = await openBackupFile(file, trust);
  const level = opened.header.migration;
  if (!knownLevels(migrationsFolder).some((known) => known.hash === level?.hash)) {
    await opened.close();
    throw new BackupError(
      `${file} comes from a newer schema (migration ${level?.tag ?? "?"}) than this version of the dashboard knows: restore it with the version that made it, or a newer one`,
    );
  }
  // Every table the store had when the file was made must be in it: a file without its audit log (or
  // its users) would restore a store without them.
  const listed = new Set(opened.header.tables.map((table) => table.name));
  const had = tablesAt(migrationsFolder, level.hash);
  const missing = BACKED_UP.filter((name) => had.has(name) && !listed.has(name));
  if (missing.length > 0) {
    await opened.close();
    throw new BackupError(
      `${file} has no ${missing.join(", ")}, which the store had when the file was made (taken out of it?): nothing was restored`,
    );
  }
  return opened;
}

async function insertAll(
  tx: DashboardExecutor,
  header: BackupHeader,
  lines: AsyncIterable<BackupLine>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const columns = new Map(header.tables.map((table) => [table.name, table.columns]));
  let batch: BackupLine[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const table = sql.identifier(batch[0]!.table);
    const names = sql.join(
      columns.get(batch[0]!.table)!.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const rows = JSON.stringify(batch.map((line) => line.row));
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${rows}::jsonb)`,
    );
    counts.set(batch[0]!.table, (counts.get(batch[0]!.table) ?? 0) + batch.length);
    batch = [];
  };
  for await (const line of lines) {
    if (!columns.has(line.table))
      throw new BackupError(`the backup holds rows of ${line.table}, which its header does not list`);
    // The value itself is not printed: in an edited file it could be anything (a password hash).
    const column = unknownValue(line.table, line.row);
    if (column)
      throw new BackupError(
        `the backup holds a ${line.table} row whose ${column} is not one of ${KNOWN_VALUES[line.table as keyof typeof KNOWN_VALUES]![column]!.join(", ")}: nothing was restored`,
      );
    if (batch.length >= BATCH || (batch[0] && batch[0].table !== line.table)) await flush();
    batch.push(line);
  }
  await flush();
  return counts;
}

/** The columns of the store's tables, in their order. */
async function columnsOf(db: DashboardExecutor): Promise<Map<string, string[]>> {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  return columns;
}
