/**
 * Mistakes as they are heard (issue 29) through the live register's write, over real HTTP: the
 * embedded School API in-process, the dashboard store in memory, only the signed-in person mocked.
 * The taps are kept only for a recitation the school accepted, under the id it answered; bad input
 * is refused in the teacher's language before anything is sent or kept.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { signedIn } from "@/tests/support/auth/signed-in";
import type { Session, Student } from "@/lib/contract";
import type { RecordRecitationInput } from "@/lib/features/live/types";
import { startLiveWorld } from "@/tests/support/features/live/live-world";
import type { V1Client } from "@/lib/v1";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).strictSession);

vi.setConfig({ testTimeout: 30_000 });

let close = async () => {};
let admin: V1Client;
let teacher: Actor;
let mine: Session;
let other: Session;
let students: Student[];
let posts = 0;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  let roster: Student[];
  ({ admin, teacher, mine, other, roster, close } = await startLiveWorld("notebook test"));
  students = roster.filter((s) => s.status === "active");
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if ((init?.method ?? "GET") === "POST") posts++;
    return realFetch(input, init);
  });
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await close();
});

afterEach(() => {
  posts = 0;
  signedIn.actor = null;
});

const { recordRecitation } = await import("@/lib/features/live/server/actions");
const { mistakesOfStudents } = await import("./store");

const input = (over: Partial<RecordRecitationInput> = {}): RecordRecitationInput => ({
  sessionId: mine.id,
  clientId: randomUUID(),
  student_id: students[0]!.id,
  kind: "new_memorization",
  start: { surah: 78, ayah: 1 },
  end: { surah: 78, ayah: 16 },
  rating: 3,
  mistakes: 3,
  note: null,
  taps: [
    { type: "hesitation", at: { surah: 78, ayah: 4 } },
    { type: "tajweed", at: { surah: 78, ayah: 4 } },
    { type: "memorisation", at: null },
  ],
  recorded_at: new Date().toISOString(),
  ...over,
});

const kept = async (studentId: string) =>
  mistakesOfStudents({ connectionId: "alnoor", tenantId: (await admin.tenant()).id }, [studentId]);

describe("recording a recitation with its mistakes", () => {
  it("sends the total to the school and keeps the typed, placed taps under the id it answered, once however often it is replayed", async () => {
    signedIn.actor = teacher;
    const body = input({ student_id: students[1]!.id });
    const first = await recordRecitation(body);
    expect(first).toMatchObject({ ok: true, data: { recitation: { mistakes: 3 } } });
    if (!first.ok) return;
    const again = await recordRecitation({ ...body, maybeSent: true });
    expect(again).toMatchObject({ ok: true, data: { replayed: true } });
    const rows = await kept(students[1]!.id);
    expect(rows.map((r) => [r.recitationId, r.type, r.at])).toEqual([
      [first.data.recitation.id, "hesitation", { surah: 78, ayah: 4 }],
      [first.data.recitation.id, "tajweed", { surah: 78, ayah: 4 }],
      [first.data.recitation.id, "memorisation", null],
    ]);
  });

  it.each([
    [
      "placed outside the range",
      { taps: [{ type: "tajweed", at: { surah: 78, ayah: 17 } }], mistakes: 1 },
      "Mistake 1 is placed on surah 78, ayah 17, outside the recited range.",
    ],
    [
      "of an unknown type",
      { taps: [{ type: "sneeze", at: null }], mistakes: 1 },
      "“sneeze” is not one of the school’s mistake types.",
    ],
    ["negative", { taps: [], mistakes: -1 }, "The number of mistakes cannot be negative."],
    ["more than 999", { taps: [], mistakes: 1000 }, "A recitation holds at most 999 mistakes."],
    ["a total that is not the taps", { mistakes: 5 }, "The mistake total must be the 3 mistakes tapped."],
  ] as const)("refuses mistakes %s with the reason, sending and keeping nothing", async (_case, over, message) => {
    signedIn.actor = teacher;
    const student = students[2]!.id;
    const result = await recordRecitation(input({ student_id: student, ...(over as Partial<RecordRecitationInput>) }));
    expect(result).toMatchObject({ ok: false, code: "invalid_input", retryable: false, message });
    expect(posts).toBe(0);
    expect(await kept(student)).toEqual([]);
  });

  it("says why in the teacher's language", async () => {
    signedIn.actor = { ...teacher, locale: "ar" };
    const result = await recordRecitation(input({ taps: [{ type: "sneeze", at: null }], mistakes: 1 }));
    expect(result).toMatchObject({ ok: false, message: "«sneeze» ليس من أنواع الأخطاء في المدرسة." });
  });

  it("keeps no detail of a recitation the school refuses (a rating not in its scale)", async () => {
    signedIn.actor = teacher;
    const student = students[3]!.id;
    const result = await recordRecitation(input({ student_id: student, rating: 987 }));
    expect(result).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await kept(student)).toEqual([]);
  });

  it("keeps no detail for a teacher on another halqa's session", async () => {
    const { items: roster } = await admin.listAll("listStudents", {
      query: { halqa_id: other.halqa_id, status: "active" },
    });
    signedIn.actor = teacher;
    const result = await recordRecitation(input({ sessionId: other.id, student_id: roster[0]!.id }));
    expect(result).toMatchObject({ ok: false, code: "not_allowed" });
    expect(posts).toBe(0);
    expect(await kept(roster[0]!.id)).toEqual([]);
  });
});
