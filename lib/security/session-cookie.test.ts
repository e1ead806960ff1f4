import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./session-cookie";

describe("hasSessionCookie", () => {
  it("finds Auth.js session cookies with or without the https prefix, whole or chunked", () => {
    expect(hasSessionCookie(["authjs.session-token"])).toBe(true);
    expect(hasSessionCookie(["__Secure-authjs.session-token"])).toBe(true);
    expect(hasSessionCookie(["locale", "authjs.session-token.0"])).toBe(true);
  });

  it("ignores every other cookie", () => {
    expect(hasSessionCookie([])).toBe(false);
    expect(hasSessionCookie(["authjs.csrf-token", "__Host-authjs.csrf-token", "locale", "xauthjs.session-token"])).toBe(
      false,
    );
  });
});
