import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { AttendanceRow, Recitation, Session } from "../lib/contract";
import { ASSIGNMENT_STATUSES } from "../lib/contract/enums";
import { addDays, dateIn } from "../lib/dates";
import adminEn from "../messages/en/admin.json" with { type: "json" };
import ar from "../messages/ar/notices.json" with { type: "json" };
import en from "../messages/en/notices.json" with { type: "json" };
import { allOf, v1 as api } from "./api";
import { expect } from "./fixtures";

/**
 * The steps of the notices specs (e2e/notices.spec.ts, e2e/large-school.spec.ts, e2e/spec-only.spec.ts): registers taken
 * through the school's API, as its own application would, ended in the dashboard; parents made by the admin.
 */
/** A real SMTP server on loopback (smtp-server) that keeps what it receives; stopped and started again at will. */
export class SmtpSink {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;

  constructor(public port = 0) {}

  get running(): boolean {
    return this.server !== null;
  }

  start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          this.received.push(mail);
          callback();
        }, callback);
      },
    });
    // A client that resets its connection is the client's business, as for any mail server.
    server.on("error", () => undefined);
    this.server = server;
    return new Promise((resolve) =>
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      }),
    );
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  to(email: string): ParsedMail[] {
    return this.received.filter((mail) =>
      (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((address) =>
        address.value.some((v) => v.address === email),
      ),
    );
  }
}

export type Student = {
  id: string;
  lineage_id: string;
  full_name: string;
  preferred_name: string | null;
  status: string;
  halqa_id: string;
};
export type Fixture = { halqaId: string; sheikhId: string; child: Student; other: Student };

/** A halqa the other specs leave alone (not the demo teacher's), with two active students; the child one that `childIf` accepts; `skip` passes over the first ones. */
export async function pickHalqa(
  request: APIRequestContext,
  childIf: (student: Student) => boolean = () => true,
  skip = 0,
): Promise<Fixture> {
  // Every page, checked by the records' own fields: a real school's API may ignore our filter names.
  const [semesters, halqas, sheikhs, students] = await Promise.all([
    allOf<{ id: string; status: string }>(request, "/semesters"),
    allOf<{ id: string; name: string; semester_id: string }>(request, "/halqas"),
    allOf<{ id: string; name: string; halqa_ids: string[] }>(request, "/sheikhs"),
    allOf<Student & { semester_id: string }>(request, "/students?status=active"),
  ]);
  const active = semesters.find((s) => s.status === "active")!;
  for (const halqa of halqas
    .filter((h) => h.semester_id === active.id)
    .toSorted((a, b) => b.name.localeCompare(a.name))) {
    const sheikh = sheikhs.find((s) => s.halqa_ids.includes(halqa.id) && s.name !== "Abdullah Al-Harbi");
    const own = students.filter((s) => s.halqa_id === halqa.id && s.status === "active");
    const child = own.find(childIf);
    const other = own.find((student) => student !== child);
    if (sheikh && child && other && skip-- === 0) return { halqaId: halqa.id, sheikhId: sheikh.id, child, other };
  }
  throw new Error("no halqa with a sheikh and two students");
}

/** A register taken in the school's own application: the child absent (with a teacher's note), another present. */
export async function takeRegister(
  request: APIRequestContext,
  f: Fixture,
  minutesAgo: number,
): Promise<{ id: string; time: string }> {
  const starts = new Date(Date.now() - minutesAgo * 60_000);
  starts.setUTCSeconds(0, 0);
  const session = await api<{ id: string; starts_at: string }>(request, "post", "/sessions", {
    halqa_id: f.halqaId,
    sheikh_id: f.sheikhId,
    starts_at: starts.toISOString(),
  });
  await api(request, "put", `/sessions/${session.id}/attendance`, {
    rows: [
      { student_id: f.child.id, status: "absent", note: `PRIVATE-NOTE-${session.id}: call the father about fees` },
      { student_id: f.other.id, status: "present" },
    ],
  });
  return { id: session.id, time: session.starts_at };
}

export async function endInDashboard(page: Page, sessionId: string) {
  await page.goto(`/sessions/${encodeURIComponent(sessionId)}/end`);
  await page.getByLabel("Yes, end this session", { exact: true }).check();
  await page.getByRole("button", { name: "End session" }).click();
  // Ending, then the session's page rendered for the redirect: on two cores shared by three e2e servers, more
  // than the default 10 s (a CI run saw the action answer in 2.2 s and the page's requests still waiting at 10).
  await expect(page).not.toHaveURL(/\/end$/, { timeout: 30_000 });
}

export async function createParent(
  page: Page,
  child: Student,
  language: "English" | "Arabic" | "French" | "Urdu",
): Promise<string> {
  const email = await createAccount(page, "Parent", language);
  await expect(page.getByRole("heading", { level: 2, name: adminEn.user.childrenTitle })).toBeVisible();
  await page.getByRole("searchbox").fill(child.full_name);
  await page.getByRole("button", { name: adminEn.user.searchSubmit }).click();
  await page
    .getByRole("button", { name: adminEn.user.linkLabel.replace("{name}", child.full_name) })
    .first()
    .click();
  await expect(page.getByText(adminEn.user.childrenNone)).toHaveCount(0);
  return email;
}

/** An administrator account through the admin's form, in `language`. */
export const createAdmin = (page: Page, language: "English" | "Arabic") =>
  createAccount(page, "Administrator", language);

/** A new account through the admin's form, in `language`; leaves the page on the new user's page. */
async function createAccount(
  page: Page,
  role: "Parent" | "Teacher" | "Administrator",
  language: string,
): Promise<string> {
  const email = `notices-${role.toLowerCase()}-${language.toLowerCase()}-${Date.now().toString(36)}@example.org`;
  await page.goto("/admin/users/new");
  await page.getByLabel("Full name").fill(`${role} ${language} ${Date.now().toString(36)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: role });
  await page.getByRole("combobox", { name: "Language", exact: true }).selectOption({ label: language });
  await page.getByLabel("Initial password").fill("a long initial password");
  await page.getByRole("button", { name: adminEn.create.submit }).click();
  // The form opens the new user's page once the user exists: a page that reads the school (a parent's
  // children search, a teacher's sheikhs), slower than an assertion's default on a busy server.
  await expect(page).toHaveURL(/\/admin\/users\/(?!new$)[^/?]+$/, { timeout: 30_000 });
  return email;
}

/** A teacher account through the admin's form, in `language`, linked to the sheikh named. */
export async function createTeacher(page: Page, sheikhName: string, language: "English" | "Arabic"): Promise<string> {
  const email = await createAccount(page, "Teacher", language);
  await page.getByRole("combobox", { name: adminEn.user.sheikhPicker }).selectOption({ label: sheikhName });
  await page.getByRole("button", { name: adminEn.user.sheikhSubmit }).click();
  await expect(page.getByText(adminEn.user.sheikhCurrent.replace("{name}", sheikhName))).toBeVisible();
  return email;
}

/** Words a family must never read: assignment states other than the parent allowlist, and the note. */
const STAFF_ONLY = ASSIGNMENT_STATUSES.filter((s) => !["published", "in_progress", "completed"].includes(s));

export function expectFamilySafe(mail: ParsedMail, sessionId: string) {
  const all = `${mail.subject}\n${mail.text}\n${mail.html || ""}`;
  expect(all).not.toContain("PRIVATE-NOTE");
  expect(all).not.toContain(sessionId);
  for (const word of STAFF_ONLY) expect(all.toLowerCase()).not.toContain(word);
}

/** Weekly summaries, in either language (their subjects name the week). */
export function isWeekly(mail: ParsedMail): boolean {
  return [en.mail.weeklySubject, ar.mail.weeklySubject].some((template) =>
    mail.subject?.includes(template.split("{child}")[1]!.split("{from}")[0]!.trim()),
  );
}

/** An English weekly summary of `f.child` lists the week's marks and recitations as the school's API has them (read by their own fields). */
export async function expectWeekAsTheApiHasIt(request: APIRequestContext, mail: ParsedMail, f: Fixture): Promise<void> {
  // The week: the seven school days ending today, by the school's own clock.
  const school = await api<{ time_zone: string }>(request, "get", "/school");
  const to = dateIn(school.time_zone, new Date());
  const from = addDays(to, -6);
  // docs/progress.md "Which day": a session is of its `date`, an instant of its day in the school's zone.
  const inWeek = (day: string) => day >= from && day <= to;
  const within = (at: string) => inWeek(dateIn(school.time_zone, new Date(at)));
  const sessions = (await allOf<Session>(request, `/sessions?halqa_id=${f.halqaId}`)).filter(
    (s) => s.halqa_id === f.halqaId && inWeek(s.date),
  );
  const expected = new Map<string, number>();
  for (const session of sessions) {
    const row = (await allOf<AttendanceRow>(request, `/sessions/${session.id}/attendance`)).find(
      (r) => r.student_id === f.child.id,
    );
    const status = en.mail.status[row?.status ?? "unmarked"];
    expected.set(status, (expected.get(status) ?? 0) + 1);
  }
  const text = mail.text ?? "";
  const marks = new Map<string, number>();
  // The list's items (the term's rate and streak follow it as sentences of their own).
  for (const line of section(text, en.mail.weeklyAttendance, en.mail.weeklyRecitations).filter((l) =>
    l.startsWith("- "),
  )) {
    const status = line.slice(line.lastIndexOf(":") + 1).trim();
    marks.set(status, (marks.get(status) ?? 0) + 1);
  }
  expect(marks).toEqual(expected);

  // Recitations of the week, by the school's records: each one's surah is named.
  const recitations = (await allOf<Recitation>(request, `/students/${f.child.id}/recitations`)).filter(
    (r) => r.student_id === f.child.id && within(r.recorded_at),
  );
  const listed = section(text, en.mail.weeklyRecitations, en.mail.weeklyAssignments).filter((l) =>
    l.includes(", rated "),
  );
  expect(listed).toHaveLength(recitations.length);
}

/** The text lines between two headings of a message. */
function section(text: string, from: string, to: string): string[] {
  const lines = text.split("\n").map((line) => line.trim());
  const start = lines.indexOf(from);
  const end = lines.indexOf(to, start + 1);
  return lines.slice(start + 1, end === -1 ? undefined : end).filter(Boolean);
}
