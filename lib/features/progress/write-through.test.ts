import { afterAll, describe, expect, it } from "vitest";
import { recordsVersion } from "@/lib/db/changes";
import { progressSyncState } from "@/lib/db/schema-progress";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import type { Session } from "@/lib/contract";
import { writeThrough } from "./write-through";

const store = openMemoryStore();
afterAll(async () => (await store).close());

const session = {
  id: "ses_write_through",
  halqa_id: "hlq_1",
  sheikh_id: "shk_1",
  date: "2026-11-24",
  status: "open",
  starts_at: "2026-11-24T05:00:00Z",
  ended_at: null,
  created_at: "2026-11-24T05:00:00Z",
  updated_at: "2026-11-24T05:00:00Z",
} as unknown as Session;

describe("writeThrough", { timeout: 120_000 }, () => {
  it("counts a change of the connection's records once it is stored, and none when it is left alone", async () => {
    const { db } = await store;
    const client = { tenant: async () => ({ id: "sch_1" }) } as never;
    const before = recordsVersion("write-through");
    expect(await writeThrough("write-through", client, { sessions: [session] }, db)).toBe(true);
    expect(recordsVersion("write-through")).toBe(before + 1);

    // Records of another school than the one synced into this connection: not written, nothing changed.
    const otherSchool = { tenant: async () => ({ id: "sch_2" }) } as never;
    await db.insert(progressSyncState).values({ connectionId: "write-through-2", tenantId: "sch_1" });
    expect(await writeThrough("write-through-2", otherSchool, { sessions: [session] }, db)).toBe(false);
    expect(recordsVersion("write-through-2")).toBe(0);
  });
});
