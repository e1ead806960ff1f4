/**
 * Issue 15: the halqa CSV export (app/(staff)/halqas/[id]/export/route.ts) over real HTTP, checked
 * like the halqa page: each role × own / other halqa / other school's halqa; and its content against
 * the school's API, read independently with a demo key. Only the signed-in person is stood in for.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);

import { GET } from "@/app/(staff)/halqas/[id]/export/route";
import type { AttendanceRow, Halqa, Recitation, Session } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { type Actor, demoActors, schoolApi, serveRoutes, signedIn, syncedDemoWorld } from "./harness";

let actors: Awaited<ReturnType<typeof demoActors>>;
let server: Awaited<ReturnType<typeof serveRoutes>>;
let base = "";
let alnoor: ReturnType<typeof schoolApi>;
let own: Halqa;
let other: Halqa;
let arqamHalqa: Halqa;
let from = "";
let to = "";

beforeAll(async () => {
  const world = await syncedDemoWorld();
  ({ actors, alnoor } = world);
  const { arqam, teacherSheikh: sheikh } = world;
  const halqas = await alnoor.all<Halqa>("/halqas");
  own = halqas.find((h) => sheikh.halqa_ids.includes(h.id) && h.is_active)!;
  other = halqas.find((h) => !sheikh.halqa_ids.includes(h.id) && h.is_active)!;
  arqamHalqa = (await arqam.all<Halqa>("/halqas"))[0]!;
  const school = await alnoor.data<{ time_zone: string }>("/school");
  to = new Intl.DateTimeFormat("en-CA", { timeZone: school.time_zone }).format(new Date());
  from = addDays(to, -30);

  server = await serveRoutes((request, url) =>
    GET(request, { params: Promise.resolve({ id: decodeURIComponent(url.pathname.split("/")[2] ?? "") }) }),
  );
  base = server.base;
}, 180_000);

afterAll(() => server?.close());

async function exportAs(actor: Actor | null, halqaId: string, query = `from=${from}&to=${to}`) {
  signedIn.actor = actor;
  const response = await fetch(`${base}/halqas/${encodeURIComponent(halqaId)}/export?${query}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    bytes,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}

describe("the halqa CSV export is checked like the halqa page", { timeout: 60_000 }, () => {
  it("signed out: 401; a parent: 404 for any halqa, no CSV", async () => {
    expect((await exportAs(null, own.id)).status).toBe(401);
    const parent = await exportAs(actors.parent, own.id);
    expect(parent.status).toBe(404);
    expect(parent.type).not.toContain("text/csv");
  });

  it("a teacher exports their own halqa, and gets 404 for another halqa and another school's", async () => {
    const mine = await exportAs(actors.teacher, own.id);
    expect(mine.status).toBe(200);
    expect(mine.type).toContain("text/csv");
    expect((await exportAs(actors.teacher, other.id)).status).toBe(404);
    expect((await exportAs(actors.teacher, arqamHalqa.id)).status).toBe(404);
  });

  it("an admin exports any halqa of their school, not another school's", async () => {
    expect((await exportAs(actors.admin, other.id)).status).toBe(200);
    expect((await exportAs(actors.admin, arqamHalqa.id)).status).toBe(404);
    expect((await exportAs(actors.arqamAdmin, own.id)).status).toBe(404);
  });

  it("a bad range is a 400 that says what to do, in the reader's language", async () => {
    const backwards = await exportAs(actors.admin, own.id, `from=${to}&to=${from}`);
    expect(backwards.status).toBe(400);
    expect(backwards.text).toMatch(/start and an end date/);
    expect((await exportAs(actors.admin, own.id, "from=2026-02-30&to=2026-03-01")).status).toBe(400);
    expect((await exportAs(actors.admin, own.id, `from=${addDays(to, -500)}&to=${to}`)).status).toBe(400);
    const badKind = await exportAs(actors.admin, own.id, `from=${from}&to=${to}&format=pdf`);
    expect(badKind.status).toBe(400);
    expect(badKind.text).toMatch(/CSV or XLSX/);
  });

  it("as XLSX: the same rows as the CSV, in one right-to-left sheet for an Arabic reader, checked like the CSV", async () => {
    const query = `from=${from}&to=${to}`;
    expect((await exportAs(actors.parent, own.id, `${query}&format=xlsx`)).status).toBe(404);
    expect((await exportAs(actors.teacher, other.id, `${query}&format=xlsx`)).status).toBe(404);
    const csv = await exportAs(actors.teacher, own.id, `${query}&format=csv`);
    const xlsx = await exportAs({ ...actors.teacher, locale: "ar" }, own.id, `${query}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/[\u0600-\u06FF]/);
    // One sheet row per CSV line, the same session and student ids in the same order.
    const csvLines = csv.text.slice(1).trim().split("\r\n").slice(1);
    expect(sheet.rowCount - 1).toBe(csvLines.length);
    csvLines.forEach((line, index) => {
      const cells = line.split(",").map((cell) => cell.replaceAll('"', ""));
      const row = sheet.getRow(index + 2);
      expect([row.getCell(3).value, row.getCell(5).value]).toEqual([cells[2], cells[4]]);
    });
  });

  it("holds exactly the API's attendance rows and recitations of the halqa's sessions in the range, with a BOM", async () => {
    const { text, bytes } = await exportAs(actors.teacher, own.id);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const sessions = (await alnoor.all<Session>(`/sessions?halqa_id=${encodeURIComponent(own.id)}`)).filter(
      (s) => s.halqa_id === own.id && s.date >= from && s.date <= to,
    );
    expect(sessions.length).toBeGreaterThan(0);
    const rows: AttendanceRow[] = [];
    const heard: Recitation[] = [];
    for (const s of sessions) {
      rows.push(...(await alnoor.all<AttendanceRow>(`/sessions/${encodeURIComponent(s.id)}/attendance`)));
      heard.push(...(await alnoor.all<Recitation>(`/sessions/${encodeURIComponent(s.id)}/recitations`)));
    }
    const lines = text.slice(1).trim().split("\r\n").slice(1);
    expect(lines.filter((l) => l.startsWith('"Attendance"'))).toHaveLength(rows.length);
    expect(lines.filter((l) => l.startsWith('"Recitation"'))).toHaveLength(heard.length);
    const sessionIds = new Set(sessions.map((s) => s.id));
    for (const line of lines) expect(sessionIds.has(line.split(",")[2]!.replaceAll('"', ""))).toBe(true);
    // Arabic headings for an Arabic reader.
    const arabic = await exportAs({ ...actors.teacher, locale: "ar" }, own.id);
    expect(arabic.text.split("\r\n")[0]).toMatch(/[\u0600-\u06FF]/);
  });
});
