import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Subject } from "@/lib/authz/policy";

/** The school as its API lists it: GET /halqas?semester_id, GET /sheikhs?halqa_id (the spec's filters). */
const school = vi.hoisted(() => ({
  halqas: [
    { id: "h1", name: "Al-Fatiha circle", semester_id: "sem1", is_active: true },
    { id: "h2", name: "Al-Falaq circle", semester_id: "sem1", is_active: true },
    { id: "h3", name: "Al-Fajr circle", semester_id: "sem1", is_active: true },
  ],
  sheikhs: [
    { id: "s1", name: "Abdullah Al-Harbi", halqa_ids: ["h1"] },
    { id: "s2", name: "Abdulrahman Saleh", halqa_ids: ["h2"] },
    { id: "s3", name: "Abdulaziz Omar", halqa_ids: ["h1", "h3"] },
  ],
  subject: null as Subject | null,
  calls: [] as { name: string; query: Record<string, unknown> }[],
}));

vi.mock("server-only", () => ({}));
vi.mock("@/lib/authz/subject", () => ({ subjectOf: async () => school.subject }));
vi.mock("@/lib/features/reference", () => ({
  resolveSemester: async () => ({ semesters: [{ id: "sem1" }], selected: { id: "sem1", status: "active" } }),
}));
vi.mock("@/lib/connections", () => ({
  clientFor: () => ({
    listAll: async (name: string, { query }: { query: Record<string, unknown> }) => {
      school.calls.push({ name, query });
      if (name === "listHalqas") return { items: school.halqas.filter((h) => h.semester_id === query.semester_id) };
      if (name === "listSheikhs")
        return { items: school.sheikhs.filter((s) => !query.halqa_id || s.halqa_ids.includes(String(query.halqa_id))) };
      throw new Error(`unexpected ${name}`);
    },
  }),
}));

const { searchPicker } = await import("./search");

const actor = {
  id: "u1",
  email: "t@example.org",
  name: "T",
  role: "teacher",
  connectionId: "alnoor",
  locale: "en",
  sheikhIds: ["s1"],
  studentLineageIds: [],
} as Actor;
const teacher: Subject = { role: "teacher", sheikhIds: ["s1"], halqaIds: new Set(["h1"]), studentLineageIds: [] };
const admin: Subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
const ids = async (kind: "halqas" | "sheikhs", q: string, halqa?: string) =>
  (await searchPicker(actor, kind, { q, halqa })).options.map((option) => option.id);

beforeEach(() => {
  school.calls = [];
});

describe("halqa picker", () => {
  it("a teacher finds only the halqas they teach, an admin every matching halqa", async () => {
    school.subject = teacher;
    expect(await ids("halqas", "al-f")).toEqual(["h1"]);
    expect(await ids("halqas", "falaq")).toEqual([]);
    school.subject = admin;
    expect(await ids("halqas", "al-fa")).toEqual(["h3", "h2", "h1"]);
  });
});

describe("sheikh picker narrowed to a halqa (GET /sheikhs?halqa_id)", () => {
  it("asks the API for the halqa's sheikhs and an admin finds each of them by name", async () => {
    school.subject = admin;
    expect(await ids("sheikhs", "abdul", "h1")).toEqual(["s3", "s1"]);
    expect(school.calls).toEqual([{ name: "listSheikhs", query: expect.objectContaining({ halqa_id: "h1" }) }]);
    expect(await ids("sheikhs", "saleh", "h1")).toEqual([]);
  });

  it("a teacher finds only their own sheikh record, and nobody of a halqa they do not teach", async () => {
    school.subject = teacher;
    expect(await ids("sheikhs", "", "h1")).toEqual(["s1"]);
    expect(await ids("sheikhs", "", "h2")).toEqual([]);
    expect(
      school.calls.filter((call) => call.query.halqa_id === "h2"),
      "no read for a halqa one may not see",
    ).toEqual([]);
  });
});
