import { describe, expect, it } from "vitest";
import { mailConfigFor } from "./config";

describe("where a school's mail goes", () => {
  it("by default (no SMTP_URL) nowhere: messages are composed and kept", () => {
    expect(mailConfigFor("alnoor", {})).toBeNull();
  });

  it("with SMTP_URL and no MAIL_FROM, from the school's name at no-reply@localhost", () => {
    expect(mailConfigFor("alnoor", { SMTP_URL: "smtp://mail.school.org:587" })).toEqual({
      url: "smtp://mail.school.org:587",
      from: '"Al-Noor Quran School" <no-reply@localhost>',
    });
  });

  it("with MAIL_FROM, from it", () => {
    expect(
      mailConfigFor("alnoor", { SMTP_URL: "smtp://mail.school.org", MAIL_FROM: "no-reply@school.org" })?.from,
    ).toBe("no-reply@school.org");
  });
});
