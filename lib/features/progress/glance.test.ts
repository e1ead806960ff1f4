import { afterEach, describe, expect, it, vi } from "vitest";
import { recordsChanged } from "@/lib/db/changes";
import { loadAttentionAcross } from "./glance";

const scale = (values: number[]) => values.map((value) => ({ value, label: String(value), label_ar: String(value) }));
const school = { time_zone: "Asia/Riyadh", rating_scale: scale([1, 2, 3, 4, 5]) };

afterEach(() => {
  vi.useRealTimers();
});

// The store opens (initdb, in memory) on the first call.
describe("the whole school's needs-attention list (an admin's Today)", { timeout: 120_000 }, () => {
  it("is computed once a minute per school and shared meanwhile; a teacher's list is computed each time", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T08:00:00Z") });
    const scope = { connectionId: "glance-cache", tenantId: "sch_1" };
    const first = await loadAttentionAcross(scope, school, null);
    expect(await loadAttentionAcross(scope, school, null)).toBe(first);
    // Another school, or the same school with another scale, is its own entry.
    expect(await loadAttentionAcross({ ...scope, tenantId: "sch_2" }, school, null)).not.toBe(first);
    expect(await loadAttentionAcross(scope, { ...school, rating_scale: scale([1, 2, 3]) }, null)).not.toBe(first);
    // A teacher's halqas: never shared.
    const mine = await loadAttentionAcross(scope, school, ["hlq_1"]);
    expect(await loadAttentionAcross(scope, school, ["hlq_1"])).not.toBe(mine);

    vi.setSystemTime(new Date("2026-11-24T08:00:59Z"));
    expect(await loadAttentionAcross(scope, school, null)).toBe(first);
    vi.setSystemTime(new Date("2026-11-24T08:01:01Z"));
    const second = await loadAttentionAcross(scope, school, null);
    expect(second).not.toBe(first);

    // This server wrote the connection's records (a teacher's save, a sync cycle): computed again at once.
    recordsChanged("another-connection");
    expect(await loadAttentionAcross(scope, school, null)).toBe(second);
    recordsChanged(scope.connectionId);
    expect(await loadAttentionAcross(scope, school, null)).not.toBe(second);
  });
});
