/**
 * The dashboard's own administration, from the command line:
 *
 *   DASHBOARD_ADMIN_PASSWORD='…' npm run dashboard -- create-admin --connection default --email head@school.org --name "Head Teacher" [--locale ar]
 *
 * Creates a real school's first administrator in the dashboard's store (DATABASE_URL, else PGlite
 * under DASHBOARD_DATA_DIR), after confirming the connection's school with GET /school. The
 * password comes from DASHBOARD_ADMIN_PASSWORD so it stays out of shell history and process lists.
 */
import { parseArgs } from "node:util";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { connection: { type: "string" }, email: { type: "string" }, name: { type: "string" }, locale: { type: "string" } },
  });
  if (positionals[0] !== "create-admin") {
    console.log("usage: DASHBOARD_ADMIN_PASSWORD=… npm run dashboard -- create-admin --connection <id> --email <email> --name <name> [--locale en|ar]");
    process.exitCode = positionals[0] === "help" ? 0 : 2;
    return;
  }
  const password = process.env.DASHBOARD_ADMIN_PASSWORD ?? "";
  if (!values.connection || !values.email || !values.name) throw new Error("--connection, --email and --name are required");
  if (values.locale && values.locale !== "en" && values.locale !== "ar") throw new Error("--locale is en or ar");
  const { createFirstAdmin } = await import("../lib/auth/bootstrap");
  const created = await createFirstAdmin({ connectionId: values.connection, email: values.email, name: values.name, password, locale: values.locale as "en" | "ar" | undefined });
  console.log(`created admin ${values.email} for ${created.school}; sign in and add the other users on the Users page`);
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(`dashboard: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
