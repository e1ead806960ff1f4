/**
 * The dashboard's own administration, from the command line:
 *
 *   DASHBOARD_ADMIN_PASSWORD='…' npm run dashboard -- create-admin --connection default --email head@school.org --name "Head Teacher" [--locale ar]
 *   npm run dashboard -- send-weekly-summaries [--connection ID] [--now]
 *   npm run dashboard -- backup FILE
 *   npm run dashboard -- restore FILE [--accept-unsigned]
 *
 * Without --locale the admin's language is taken from their browser at their first sign-in.
 * Creates a real school's first administrator in the dashboard's store (DATABASE_URL, else PGlite
 * under DASHBOARD_DATA_DIR), after confirming the connection's school with GET /school. The
 * password comes from DASHBOARD_ADMIN_PASSWORD so it stays out of shell history and process lists.
 * Backup and restore: lib/db/backup, docs/operations.md ("Backups"). A backup is signed with a key
 * derived from AUTH_SECRET; a restore refuses a file this deployment did not sign (edited, or
 * another's) unless --accept-unsigned, which the audit log then records.
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
      "accept-unsigned": { type: "boolean" },
    },
  });
  if (positionals[0] === "send-weekly-summaries") return sendWeeklySummaries(values.connection, values.now ?? false);
  if (positionals[0] === "backup" || positionals[0] === "restore")
    return backupOrRestore(positionals[0], positionals[1], values["accept-unsigned"] ?? false);
  if (positionals[0] !== "create-admin") {
    console.log(
      "usage: DASHBOARD_ADMIN_PASSWORD=… npm run dashboard -- create-admin --connection <id> --email <email> --name <name> [--locale en|ar|ur|id|ms|tr|fr]",
    );
    console.log("       npm run dashboard -- send-weekly-summaries [--connection <id>] [--now]");
    console.log("       npm run dashboard -- backup <file>");
    console.log("       npm run dashboard -- restore <file> [--accept-unsigned]");
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
  await storeAlone("create-admin");
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
 * notices job's lease keeps this from racing a running server on PostgreSQL; on PGlite it is refused
 * while a server holds the store (it would read a stale copy): the Messages page sends them there.
 */
async function sendWeeklySummaries(connection: string | undefined, now: boolean): Promise<void> {
  const { loadConnections } = await import("../lib/connections");
  const { runNotices } = await import("../lib/features/notices/job");
  const { summaryOf } = await import("../lib/features/notices/job-report");
  const ids = connection ? [connection] : loadConnections().map((c) => c.id);
  await storeAlone("send-weekly-summaries");
  for (const id of ids) {
    const result = await runNotices(id, { weeklyNow: now });
    console.log(
      `${id}: ${result.status === "completed" ? summaryOf(result) || "nothing to send" : "another run holds the lease; try again in a minute"}`,
    );
    if (result.status === "completed" && !result.mailServer)
      console.log(`${id}: no mail server configured (SMTP_URL): messages are composed and kept, not sent`);
  }
}

/** Refuses, with what to do instead, when a running server holds the PGlite store (lib/db/store-alone.ts). */
async function storeAlone(command: import("../lib/db/store-alone").StoreCommand): Promise<void> {
  const { requireStoreAlone } = await import("../lib/db/store-alone");
  const { checked } = await requireStoreAlone(command);
  if (!checked)
    console.warn("dashboard: cannot check here whether a server holds the store's folder: make sure it is stopped");
}

/** The store's own data to a file, or back from one (lib/db/backup); the counts per table are printed. */
async function backupOrRestore(
  command: "backup" | "restore",
  file: string | undefined,
  acceptUnsigned: boolean,
): Promise<void> {
  if (!file) throw new Error(`usage: npm run dashboard -- ${command} <file>`);
  const { backupKey, backupStore, checkBackup, restoreStore } = await import("../lib/db/backup");
  const { openDashboardDatabase } = await import("../lib/db/client");
  const { authSecret } = await import("../lib/auth/secret");
  const key = backupKey(authSecret());
  const trust = { key, acceptUnsigned };
  if (command === "restore") await checkBackup(file, trust); // before the store is opened (or made)
  await storeAlone(command);
  const store = await openDashboardDatabase();
  try {
    const header = command === "backup" ? await backupStore(store, file, key) : await restoreStore(store, file, trust);
    for (const table of header.tables) console.log(`${table.name}: ${table.rows} rows`);
    console.log(
      `${command === "backup" ? "backed up to" : "restored from"} ${file} (schema ${header.migration.tag}, made ${header.createdAt}); plans and progress are rebuilt by the syncs`,
    );
    if ("signature" in header && header.signature !== "valid")
      console.warn(
        `dashboard: ${file} was not signed by this deployment; restored as asked, and written in the audit log`,
      );
  } finally {
    await store.close();
  }
}

main().then(
  () => process.exit(),
  async (error: unknown) => {
    const { commandLineMessage } = await import("../lib/security/log-safe");
    console.error(`dashboard: ${commandLineMessage(error)}`);
    process.exit(1);
  },
);
