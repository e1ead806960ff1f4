import "server-only";
import path from "node:path";
import { openPg } from "@/lib/pg/open";
import * as dashboardSchema from "../schema";

/** Test and bench support: a fresh in-memory dashboard store with the dashboard's migrations. */
export async function openMemoryStore() {
  return openPg({ dataDir: "memory://" }, dashboardSchema, path.join(process.cwd(), "lib/db/migrations"));
}

