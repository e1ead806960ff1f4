import { describe, expect, it } from "vitest";
import { signUnsubscribe, unsubscribeUrl, verifyUnsubscribe } from "./unsubscribe-token";
import { classifySendError } from "@/lib/mail/classify";

const SECRET = "s".repeat(40);

describe("the unsubscribe link", () => {
  it("verifies what it signed, and nothing altered or signed with another secret", () => {
    const token = signUnsubscribe({ userId: "usr_1", kind: "absence", locale: "ar" }, SECRET);
    expect(verifyUnsubscribe(token, SECRET)).toEqual({ userId: "usr_1", kind: "absence", locale: "ar" });
    expect(verifyUnsubscribe(token, "other".repeat(8))).toBeNull();
    const [payload, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify(["usr_2", "absence", "ar"])).toString("base64url");
    expect(verifyUnsubscribe(`${forged}.${mac}`, SECRET)).toBeNull();
    expect(verifyUnsubscribe(`${payload}`, SECRET)).toBeNull();
    expect(verifyUnsubscribe("", SECRET)).toBeNull();
  });

  it("accepts one spelling of a signature: not padded, not in standard base64, not with other spare bits", () => {
    const token = signUnsubscribe({ userId: "usr_1", kind: "absence", locale: "ar" }, SECRET);
    const [payload, mac] = token.split(".") as [string, string];
    const bytes = Buffer.from(mac, "base64url");
    // A SHA-256 is 32 bytes: 43 characters whose last carries 2 spare bits, so 4 spellings decode alike.
    const last = mac.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spare = [0, 1, 2, 3]
      .map((bits) => alphabet[(alphabet.indexOf(last) & ~3) | bits]!)
      .filter((character) => character !== last)
      .map((character) => mac.slice(0, -1) + character);
    for (const spelling of [`${mac}=`, bytes.toString("base64"), ...spare]) {
      if (spelling === mac) continue;
      expect(Buffer.from(spelling, "base64url").equals(bytes), spelling).toBe(true);
      expect(verifyUnsubscribe(`${payload}.${spelling}`, SECRET), spelling).toBeNull();
    }
  });
  it("points at the public address", () => {
    expect(unsubscribeUrl("a.b", { DASHBOARD_URL: "https://dash.school.org/" })).toBe(
      "https://dash.school.org/api/notices/unsubscribe?token=a.b",
    );
  });
  it("without DASHBOARD_URL (the README's default), points at this server: the port `next start` listens on, else 3000", () => {
    expect(unsubscribeUrl("a.b", { PORT: "4123" })).toBe("http://localhost:4123/api/notices/unsubscribe?token=a.b");
    expect(unsubscribeUrl("a.b", {})).toBe("http://localhost:3000/api/notices/unsubscribe?token=a.b");
  });
});

describe("classifySendError", () => {
  it("retries what may pass later and stops at what cannot", () => {
    expect(classifySendError(Object.assign(new Error("x"), { code: "ECONNECTION" }))).toEqual({
      code: "econnection",
      temporary: true,
    });
    expect(classifySendError(Object.assign(new Error("x"), { code: "EENVELOPE", responseCode: 451 }))).toEqual({
      code: "smtp_451",
      temporary: true,
    });
    expect(classifySendError(Object.assign(new Error("x"), { code: "EENVELOPE", responseCode: 550 }))).toEqual({
      code: "smtp_550",
      temporary: false,
    });
    expect(classifySendError(Object.assign(new Error("x"), { code: "EENVELOPE" }))).toEqual({
      code: "invalid_address",
      temporary: false,
    });
  });
});
