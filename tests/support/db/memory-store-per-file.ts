import { afterAll, beforeAll } from "vitest";
import type { DashboardDb } from "@/lib/db/client";
import { openMemoryStore } from "./memory-store";

type OpenedStore = { db: DashboardDb; close: () => Promise<unknown> };

/**
 * A fresh in-memory dashboard store for the test file that calls this: opened (by `open`, which may
 * also fill it) before its first test, handed to `opened`, and closed after its last. The migrations
 * take a while on a busy machine, hence the long timeout.
 */
export function memoryStorePerFile(
  opened: (db: DashboardDb) => void,
  open: () => Promise<OpenedStore> = openMemoryStore,
): void {
  let store: OpenedStore | undefined;
  beforeAll(async () => {
    store = await open();
    opened(store.db);
  }, 180_000);
  afterAll(async () => store?.close());
}
