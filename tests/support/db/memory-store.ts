import "server-only";
import path from "node:path";
import { openPg } from "@/lib/pg/open";
import * as dashboardSchema from "@/lib/db/schema";

/** Test and bench support: a fresh in-memory dashboard store with the dashboard's migrations. */
export function openMemoryStore() {
  return openStoreAt("memory://");
}

/** A dashboard store in a PGlite folder (created when new), or `memory://`, with the dashboard's migrations. */
export function openStoreAt(dataDir: string) {
  return openPg({ dataDir }, dashboardSchema, path.join(process.cwd(), "lib/db/migrations"));
}
