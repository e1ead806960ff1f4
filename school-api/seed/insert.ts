import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { SEED_TABLES, type SeedRows } from "./rows";

const BATCH = 1000;

/** Inserts seed rows, parent tables first, in batches of about a thousand rows. */
export async function insertRows(db: Db, rows: SeedRows): Promise<void> {
  for (const key of Object.keys(SEED_TABLES) as (keyof SeedRows)[])
    await insertMany(db, SEED_TABLES[key] as PgTable, rows[key]);
}

/**
 * One statement per batch with the whole batch as a single JSON parameter, expanded by
 * `jsonb_to_recordset`. With one bind parameter per value instead, PGlite spends about three
 * times as long binding as inserting (100,000 assignments: ~34 s against ~10 s).
 * A column is written when any row sets it; the others keep their database defaults.
 */
async function insertMany<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows as Record<string, unknown>[];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    records.some((row) => row[key] !== undefined),
  );
  for (const [key, column] of columns) {
    if (column.hasDefault && column.notNull && records.some((row) => row[key] === undefined)) {
      throw new Error(`seed rows for ${column.name} must all set ${key} or all leave it to the default`);
    }
  }
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(", "));
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(", "));
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records
      .slice(start, start + BATCH)
      .map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null])));
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${types})`,
    );
  }
}
