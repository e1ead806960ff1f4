import { describe, expect, it } from "vitest";
import { composeAbsence, type AbsenceFacts } from "./compose";

const facts: AbsenceFacts = {
  locale: "en",
  schoolName: "Al-Noor Quran School",
  timeZone: "Asia/Riyadh",
  childName: "Yusuf Ahmed",
  halqaName: "Halqa Al-Fajr",
  date: "2026-11-26",
  startsAt: "2026-11-26T13:30:00Z",
  status: "absent",
  lateMinutes: null,
  unsubscribeUrl: "https://dash.example/api/notices/unsubscribe?token=abc.def",
};

describe("composeAbsence", () => {
  it("names the child, the halqa, the date in both calendars and the time in the school's zone", () => {
    const mail = composeAbsence(facts);
    expect(mail.subject).toBe("Yusuf Ahmed was absent from the halqa on 26 Nov 2026");
    expect(mail.text).toContain(
      "Yusuf Ahmed was marked absent from Halqa Al-Fajr on 26 Nov 2026 · 16 Jumada II 1448 AH (the session began at 16:30).",
    );
    expect(mail.text).toContain("contact the school");
    expect(mail.text).toContain(facts.unsubscribeUrl);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(`href="${facts.unsubscribeUrl}"`);
  });

  it("writes Arabic right to left, with the Hijri date", () => {
    const mail = composeAbsence({ ...facts, locale: "ar", status: "late", lateMinutes: 12, childName: "يوسف" });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.subject).toContain("تأخر يوسف");
    expect(mail.text).toMatch(/1448/);
    expect(mail.text).toContain("متأخر 12 دقيقة");
  });

  it("writes digits and dates as the school chose: Arabic-Indic, the Hijri date first", () => {
    const mail = composeAbsence({
      ...facts,
      locale: "ar",
      status: "late",
      lateMinutes: 12,
      childName: "يوسف",
      formats: { numerals: "native", calendars: "hijri-first" },
    });
    expect(mail.text).toMatch(/١٤٤[٠-٩].*٢٠٢[٠-٩]/);
    expect(mail.text).toContain("متأخر ١٢ دقيقة");
    expect(mail.text).not.toMatch(/[0-9]/);
  });

  it("shows markup in any name as text", () => {
    const mail = composeAbsence({ ...facts, childName: '<script>alert("x")</script>', halqaName: "<b>Fajr</b>" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});
