import { describe, expect, it } from "vitest";
import { mailLinkWarning, noticesIntervalSeconds } from "./scheduler";

describe("the notices job's start-up settings", () => {
  it("runs every minute unless told otherwise, and refuses a setting that is not a number of seconds", () => {
    expect(noticesIntervalSeconds({})).toBe(60);
    expect(noticesIntervalSeconds({ NOTICES_INTERVAL_SECONDS: "0" })).toBe(0);
    expect(() => noticesIntervalSeconds({ NOTICES_INTERVAL_SECONDS: "soon" })).toThrow(/NOTICES_INTERVAL_SECONDS/);
  });

  it("warns when mail goes out but the links in it would name this server's loopback address", () => {
    expect(mailLinkWarning({ SMTP_URL: "smtp://mail.school.org", PORT: "8080" }, ["alnoor"])).toMatch(/DASHBOARD_URL.*http:\/\/localhost:8080/);
    expect(mailLinkWarning({ SMTP_URL: "smtp://mail.school.org", DASHBOARD_URL: "https://dash.school.org" }, ["alnoor"])).toBeNull();
    // No mail server: messages are only kept, no link leaves the building.
    expect(mailLinkWarning({}, ["alnoor"])).toBeNull();
  });
});
