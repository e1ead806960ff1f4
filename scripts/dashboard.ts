/**
 * The dashboard's own administration, from the command line:
 *
 *   DASHBOARD_ADMIN_PASSWORD='…' npm run dashboard -- create-admin --connection default --email head@school.org --name "Head Teacher" [--locale ar]
 *   npm run dashboard -- send-weekly-summaries [--connection ID] [--now]
 *   npm run dashboard -- backup FILE
 *   npm run dashboard -- restore FILE
 *
 * Without --locale the admin's language is taken from their browser at their first sign-in.
 * Creates a real school's first administrator in the dashboard's store (DATABASE_URL, else PGlite
 * under DASHBOARD_DATA_DIR), after confirming the connection's school with GET /school. The
 * password comes from DASHBOARD_ADMIN_PASSWORD so it stays out of shell history and process lists.
 * Backup and restore: lib/db/backup, docs/operations.md ("Backups").
 */
import { parseArgs } from "node:util";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      connection: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      locale: { type: "string" },
      now: { type: "boolean" },
    },
  });
  if (positionals[0] === "send-weekly-summaries") return sendWeeklySummaries(values.connection, values.now ?? false);
  if (positionals[0] === "backup" || positionals[0] === "restore")
    return backupOrRestore(positionals[0], positionals[1]);
  if (positionals[0] !== "create-admin") {
    console.log(
      "usage: DASHBOARD_ADMIN_PASSWORD=… npm run dashboard -- create-admin --connection <id> --email <email> --name <name> [--locale en|ar|ur|id|ms|tr|fr]",
    );
    console.log("       npm run dashboard -- send-weekly-summaries [--connection <id>] [--now]");
    console.log("       npm run dashboard -- backup <file>");
    console.log("       npm run dashboard -- restore <file>");
    process.exitCode = positionals[0] === "help" ? 0 : 2;
    return;
  }
  const password = process.env.DASHBOARD_ADMIN_PASSWORD ?? "";
  if (!values.connection || !values.email || !values.name)
    throw new Error("--connection, --email and --name are required");
  const { isLocale, LOCALES } = await import("../lib/i18n/locales");
  if (values.locale !== undefined && !isLocale(values.locale))
    throw new Error(`--locale is one of ${LOCALES.join(", ")}`);
  const { createFirstAdmin } = await import("../lib/auth/bootstrap");
  const created = await createFirstAdmin({
    connectionId: values.connection,
    email: values.email,
    name: values.name,
    password,
    locale: values.locale,
  });
  console.log(`created admin ${values.email} for ${created.school}; sign in and add the other users on the Users page`);
}

/**
 * The weekly summaries of every connection (or one): those due now by the school's day and time, or
 * with --now the week ending today whatever the day; then every due message is handed to SMTP. The
 * notices job's lease keeps this from racing a running server. Needs the store to itself on PGlite
 * (stop the server first) or DATABASE_URL.
 */
async function sendWeeklySummaries(connection: string | undefined, now: boolean): Promise<void> {
  const { loadConnections } = await import("../lib/connections");
  const { runNotices } = await import("../lib/features/notices/job");
  const { summaryOf } = await import("../lib/features/notices/job-report");
  const ids = connection ? [connection] : loadConnections().map((c) => c.id);
  for (const id of ids) {
    const result = await runNotices(id, { weeklyNow: now });
    console.log(
      `${id}: ${result.status === "completed" ? summaryOf(result) || "nothing to send" : "another run holds the lease; try again in a minute"}`,
    );
    if (result.status === "completed" && !result.mailServer)
      console.log(`${id}: no mail server configured (SMTP_URL): messages are composed and kept, not sent`);
  }
}

/** The store's own data to a file, or back from one (lib/db/backup); the counts per table are printed. */
async function backupOrRestore(command: "backup" | "restore", file: string | undefined): Promise<void> {
  if (!file) throw new Error(`usage: npm run dashboard -- ${command} <file>`);
  const { backupStore, checkBackup, restoreStore } = await import("../lib/db/backup");
  const { openStoreAlone } = await import("../lib/db/backup/store-alone");
  if (command === "restore") await checkBackup(file); // before the store is opened (or made)
  const { store, checked } = await openStoreAlone(command);
  if (!checked)
    console.warn("dashboard: cannot check here whether a server holds the store's folder: make sure it is stopped");
  try {
    const header = await (command === "backup" ? backupStore : restoreStore)(store, file);
    for (const table of header.tables) console.log(`${table.name}: ${table.rows} rows`);
    console.log(
      `${command === "backup" ? "backed up to" : "restored from"} ${file} (schema ${header.migration.tag}, made ${header.createdAt}); plans and progress are rebuilt by the syncs`,
    );
  } finally {
    await store.close();
  }
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(`dashboard: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
