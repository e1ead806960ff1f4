import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { notices as en } from "../lib/i18n/messages/en/notices";
import { ASSIGNMENT_STATUSES } from "../lib/contract/enums";
import { expect, test } from "./fixtures";
import { createParent, endInDashboard, pickHalqa, takeRegister } from "./notices-fixtures";

/**
 * Messages to families over a real SMTP server on loopback (smtp-server, started and stopped here on
 * the port the main server's SMTP_URL names, playwright.config.ts). Registers are taken through the
 * school's API (as its own application would) and ended in the dashboard.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_SMTP_PORT);
const received: ParsedMail[] = [];
let smtp: SMTPServer | null = null;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  return new Promise((resolve) => smtp!.listen(PORT, "127.0.0.1", () => resolve()));
}

function stopSmtp(): Promise<void> {
  const server = smtp;
  smtp = null;
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) => address.value.map((v) => v.address));
const mailsTo = (email: string) => received.filter((mail) => to(mail).includes(email));

/** Words a family must never read: assignment states other than the parent allowlist, and the note. */
const STAFF_ONLY = ASSIGNMENT_STATUSES.filter((s) => !["published", "in_progress", "completed"].includes(s));

function expectFamilySafe(mail: ParsedMail, sessionId: string) {
  const all = `${mail.subject}\n${mail.text}\n${mail.html || ""}`;
  expect(all).not.toContain("PRIVATE-NOTE");
  expect(all).not.toContain(sessionId);
  for (const word of STAFF_ONLY) expect(all.toLowerCase()).not.toContain(word);
}

test.afterAll(async () => stopSmtp());

test("a register ended with one absence sends one message to the linked parent, in their language; one click unsubscribes; a mail server down then up loses nothing", async ({ adminPage: page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  // The notices job keeps its defaults (a run a minute, a first retry after a minute): step 4 waits for them.
  test.setTimeout(360_000);
  await startSmtp();
  const f = await pickHalqa(request);
  const childName = f.child.preferred_name || f.child.full_name;
  const arabicParent = await createParent(page, f.child, "Arabic");

  // 1. The register, ended in the dashboard: exactly one message, in Arabic, right child and date.
  const first = await takeRegister(request, f, 50);
  await endInDashboard(page, first.id);
  await expect.poll(() => mailsTo(arabicParent).length, { timeout: 30_000 }).toBe(1);
  const mail = mailsTo(arabicParent)[0]!;
  expect(mail.subject).toContain(`غاب ${childName}`);
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.html).toContain('lang="ar"');
  expect(mail.text).toContain(childName);
  expect(mail.text).not.toContain(f.other.full_name);
  expect(mail.text).toMatch(/١٤٤٨|١٤٤٩/); // the Hijri year beside the Gregorian date
  expect(mail.from?.text).toContain("no-reply@alnoor.test");
  expectFamilySafe(mail, first.id);
  const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? "";
  expect(header("list-unsubscribe-post")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i);
  const unsubscribe = /<([^>]+)>/.exec(header("list-unsubscribe"))?.[1];
  expect(unsubscribe).toContain("/api/notices/unsubscribe?token=");

  // 2. One-click unsubscribe (RFC 8058), as a mail client posts it: no sign-in, no cookie.
  const clicked = await request.fetch(unsubscribe!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
  expect(clicked.status()).toBe(200);
  expect(await clicked.text()).toContain(arabicParent);
  const forged = await request.fetch(unsubscribe!.replace(/token=[^.]+/, "token=eyJmb3JnZWQi"), { method: "POST", data: "List-Unsubscribe=One-Click" });
  expect(forged.status()).toBe(400);

  // 3. Another parent of the same child (English); the unsubscribed one gets nothing more.
  const englishParent = await createParent(page, f.child, "English");
  const second = await takeRegister(request, f, 40);
  await endInDashboard(page, second.id);
  await expect.poll(() => mailsTo(englishParent).length, { timeout: 30_000 }).toBe(1);
  expect(mailsTo(englishParent)[0]!.subject).toContain(`${childName} was absent from the halqa`);
  expect(mailsTo(englishParent)[0]!.html).toContain('dir="ltr"');
  expectFamilySafe(mailsTo(englishParent)[0]!, second.id);
  expect(mailsTo(arabicParent)).toHaveLength(1);

  // 4. The mail server is down when the third register ends: the message waits, then goes once.
  await stopSmtp();
  const third = await takeRegister(request, f, 30);
  await endInDashboard(page, third.id);
  await page.goto("/admin/messages");
  const waiting = page.getByRole("table", { name: en.admin.recentCaption }).getByRole("row").filter({ hasText: englishParent }).filter({ hasText: en.admin.statuses.pending });
  await expect(async () => {
    await page.reload();
    await expect(waiting).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await startSmtp();
  await expect.poll(() => mailsTo(englishParent).length, { timeout: 180_000, intervals: [2_000] }).toBe(2);
  const ids = mailsTo(englishParent).map((m) => m.messageId);
  expect(new Set(ids).size).toBe(2);
  await expect(async () => {
    await page.reload();
    await expect(waiting).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(mailsTo(englishParent)).toHaveLength(2);
  expect(mailsTo(arabicParent)).toHaveLength(1);

  // The admin's page: each kind's switch, counts per day, and the demo's preview of a message.
  await expect(page.getByRole("heading", { level: 1, name: en.admin.title })).toBeVisible();
  await expect(page.getByRole("button", { name: en.admin.turnOff.replace("{kind}", en.admin.kinds.absence) })).toBeVisible();
  await expect(page.getByRole("table", { name: en.admin.daysCaption })).toBeVisible();
  await page.getByRole("link", { name: en.admin.previewLabel.replace("{email}", englishParent) }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: en.admin.previewTitle })).toBeVisible();
  await expect(page.frameLocator("iframe").getByText(`${childName} was marked absent`)).toBeVisible();
});
