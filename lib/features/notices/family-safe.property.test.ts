import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStorePerFile } from "@/tests/support/db/memory-store-per-file";
import type { DashboardDb } from "@/lib/db/client";
import { ATTENDANCE_STATUSES } from "@/lib/contract/enums";
import {
  noticeJobState,
  noticeOutbox,
  noticeRegisters,
  progressAttendance,
  progressSessions,
  progressStudents,
  recitationMistakes,
  userLinks,
  users,
} from "@/lib/db/schema";
import { runNotices } from "./job";
import {
  addParent,
  fakeClient,
  MAIL,
  mailSink,
  mark,
  SCHOOL,
  SECRET,
  openNoticesStore,
  session,
  storeRecords,
  student,
} from "@/tests/support/features/notices/fixture";

/**
 * Invariant 10 for absence notices: for generated registers (every mark, with and without teachers'
 * notes, the teachers' mistake detail of issue 29, markup in names) and families (a child with one, two
 * or no parents), no message contains a note, a mistake detail or another family's child, and each
 * absent or late child's parents get exactly one each.
 */
let db: DashboardDb;
memoryStorePerFile((opened) => (db = opened), openNoticesStore);

const child = fc.record({
  status: fc.constantFrom(...ATTENDANCE_STATUSES),
  note: fc.option(fc.string({ minLength: 1, maxLength: 30 }), { nil: null }),
  parents: fc.integer({ min: 0, max: 2 }),
  markup: fc.boolean(),
});

describe("absence notices are family-safe", () => {
  it("never carry a note or another family's child, and reach each parent of an absent or late child once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(child, { minLength: 1, maxLength: 6 }), fc.boolean(), async (children, ended) => {
        for (const table of [
          noticeOutbox,
          noticeRegisters,
          noticeJobState,
          progressAttendance,
          progressSessions,
          progressStudents,
          recitationMistakes,
          userLinks,
          users,
        ])
          await db.delete(table);
        const at = new Date(Date.now() - 40 * 60_000);
        const students = children.map((c, i) => student(`s${i}`, c.markup ? `<i>Kid${i}Q</i>` : `Kid${i}Q`));
        const rows = children.map((c, i) =>
          mark("se", `s${i}`, c.status, at, c.note === null ? null : `NOTE${i}Z ${c.note}`),
        );
        await storeRecords(db, { students, sessions: [session("se", at, ended)], attendance: rows });
        // Staff-only mistake detail (issue 29) of every child: a type and a place no family may read.
        const detail = children.map((_, i) => ({
          connectionId: "alnoor",
          tenantId: SCHOOL.id,
          recitationId: `rec${i}`,
          seq: 0,
          sessionId: "se",
          studentId: `s${i}`,
          type: `MISTAKE${i}Z`,
          surah: 78,
          ayah: 40 + i,
          recordedAt: at,
        }));
        await db.insert(recitationMistakes).values(detail);
        const familyOf = new Map<string, number>();
        for (const [i, c] of children.entries()) {
          for (let p = 0; p < c.parents; p++) {
            const email = `parent${i}-${p}@example.org`;
            familyOf.set(email, i);
            await addParent(db, `p${i}-${p}`, email, [`lin-s${i}`], p === 0 ? "en" : "ar");
          }
        }
        const sink = mailSink();
        await runNotices("alnoor", {
          db,
          client: fakeClient(),
          mail: MAIL,
          send: sink.send,
          secret: SECRET,
          now: new Date(Date.now() + 31 * 60_000),
        });

        const expected = children.reduce(
          (n, c) => n + (c.status === "absent" || c.status === "late" ? c.parents : 0),
          0,
        );
        expect(sink.sent).toHaveLength(expected);
        for (const mail of sink.sent) {
          const own = familyOf.get(mail.to)!;
          const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
          expect(all).not.toMatch(/NOTE\d+Z/);
          expect(all).not.toMatch(/MISTAKE\d+Z/);
          for (const other of children.keys()) if (other !== own) expect(all).not.toContain(`Kid${other}Q`);
          expect(all).toContain(`Kid${own}Q`);
          expect(mail.html).not.toMatch(/<i>/);
        }
        expect(new Set(sink.sent.map((m) => m.to)).size).toBe(sink.sent.length);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
