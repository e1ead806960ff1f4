import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DashboardExecutor } from "../client";

/** A store's schema version: its last applied migration, by drizzle's hash of the file (a renamed file keeps it). */
export type MigrationLevel = { tag: string; hash: string; createdAt: number };

/** The migrations of this build, oldest first. */
export function knownLevels(migrationsFolder: string): MigrationLevel[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal.entries[index]!.tag,
    hash: migration.hash,
    createdAt: migration.folderMillis,
  }));
}

/** The last migration applied to the store, as drizzle's migrator recorded it. */
export async function storeLevel(db: DashboardExecutor, migrationsFolder: string): Promise<MigrationLevel> {
  const { rows } = (await db.execute(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as {
    rows: { hash: string; created_at: string | number }[];
  };
  const last = rows[0];
  if (!last) throw new Error("the store has no migration applied");
  const tag = knownLevels(migrationsFolder).find((level) => level.hash === last.hash)?.tag ?? "unknown to this build";
  return { tag, hash: last.hash, createdAt: Number(last.created_at) };
}

/** The tables the store had at a migration of this build (by its hash): those its migrations up to it created and did not drop. */
export function tablesAt(migrationsFolder: string, hash: string): Set<string> {
  const tables = new Set<string>();
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    for (const statement of migration.sql) {
      for (const [, name] of statement.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(\w+)"/gi)) tables.add(name!);
      for (const [, name] of statement.matchAll(/DROP TABLE (?:IF EXISTS )?"(\w+)"/gi)) tables.delete(name!);
      for (const [, from, to] of statement.matchAll(/ALTER TABLE "(\w+)" RENAME TO "(\w+)"/gi)) {
        tables.delete(from!);
        tables.add(to!);
      }
    }
    if (migration.hash === hash) break;
  }
  return tables;
}
