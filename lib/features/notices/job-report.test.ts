import { describe, expect, it } from "vitest";
import { noticesIntervalSeconds } from "@/lib/jobs/intervals";
import { mailWarnings } from "./job-report";

describe("the notices job's start-up settings", () => {
  it("runs every minute unless told otherwise, and refuses a setting that is not a number of seconds", () => {
    expect(noticesIntervalSeconds({})).toBe(60);
    expect(noticesIntervalSeconds({ NOTICES_INTERVAL_SECONDS: "0" })).toBe(0);
    expect(() => noticesIntervalSeconds({ NOTICES_INTERVAL_SECONDS: "soon" })).toThrow(/NOTICES_INTERVAL_SECONDS/);
  });

  it("warns when mail goes out but the links in it would name this server's loopback address", () => {
    const sender = { MAIL_FROM: "Al-Noor <office@alnoor.org>" };
    expect(mailWarnings({ ...sender, SMTP_URL: "smtp://mail.school.org", PORT: "8080" }, ["alnoor"])).toEqual([
      expect.stringMatching(/DASHBOARD_URL.*http:\/\/localhost:8080/),
    ]);
    expect(
      mailWarnings({ ...sender, SMTP_URL: "smtp://mail.school.org", DASHBOARD_URL: "https://dash.school.org" }, [
        "alnoor",
      ]),
    ).toEqual([]);
    // No mail server: messages are only kept, no link leaves the building.
    expect(mailWarnings({}, ["alnoor"])).toEqual([]);
  });

  it("warns when mail goes out from no-reply@localhost", () => {
    const env = { SMTP_URL: "smtp://mail.school.org", DASHBOARD_URL: "https://dash.school.org" };
    expect(mailWarnings(env, ["alnoor"])).toEqual([expect.stringMatching(/MAIL_FROM.*no-reply@localhost/)]);
    expect(mailWarnings({ ...env, MAIL_FROM: "office@alnoor.org" }, ["alnoor"])).toEqual([]);
    // Without the connections' ids (the file could not be read), SMTP_URL alone still counts.
    expect(mailWarnings(env, [])).toHaveLength(1);
  });
});
