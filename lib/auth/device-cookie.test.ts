import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cookieValue, deviceCookieAfterSignIn, deviceFor } from "./device-cookie";

const SECRET = "a test secret of enough length";

describe("device cookies", () => {
  it("names the device for the account it was issued to, and only for it", () => {
    const value = deviceCookieAfterSignIn(null, "teacher@school.org", SECRET);
    const device = deviceFor(value, "teacher@school.org", SECRET);
    expect(device).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(deviceFor(value, "pupil@school.org", SECRET)).toBeNull();
    expect(deviceFor(value, "teacher@school.org", "another secret")).toBeNull();
  });

  it("keeps a device's id across sign-ins and holds several accounts", () => {
    const first = deviceCookieAfterSignIn(null, "a@school.org", SECRET);
    const second = deviceCookieAfterSignIn(first, "b@school.org", SECRET);
    const third = deviceCookieAfterSignIn(second, "a@school.org", SECRET);
    expect(deviceFor(third, "a@school.org", SECRET)).toBe(deviceFor(first, "a@school.org", SECRET));
    expect(deviceFor(third, "b@school.org", SECRET)).toBe(deviceFor(second, "b@school.org", SECRET));
  });

  it("refuses a token whose account was swapped or whose signature was changed", () => {
    const value = deviceCookieAfterSignIn(null, "teacher@school.org", SECRET);
    const [, nonce, signature] = value.split(".");
    const [pupil] = deviceCookieAfterSignIn(null, "pupil@school.org", SECRET).split(".");
    expect(deviceFor(`${pupil}.${nonce}.${signature}`, "pupil@school.org", SECRET)).toBeNull();
    // One character of the signature changed (to another: the random nonce's signature may end in "x").
    const changed = value.endsWith("x") ? "y" : "x";
    expect(deviceFor(`${value.slice(0, -1)}${changed}`, "teacher@school.org", SECRET)).toBeNull();
  });

  it("carries no e-mail address, in any spelling a reader could undo", () => {
    const value = deviceCookieAfterSignIn(
      deviceCookieAfterSignIn(null, "b@school.org", SECRET),
      "teacher@school.org",
      SECRET,
    );
    for (const email of ["teacher@school.org", "b@school.org"])
      for (const spelling of [email, Buffer.from(email).toString("base64url"), Buffer.from(email).toString("base64")])
        expect(value).not.toContain(spelling.replace(/=+$/, ""));
  });

  it("never throws on garbage, and never finds a device in it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (garbage) => {
        expect(deviceFor(garbage, "teacher@school.org", SECRET)).toBeNull();
        expect(
          cookieValue(garbage, "halqa-device") === null || typeof cookieValue(garbage, "halqa-device") === "string",
        ).toBe(true);
      }),
    );
  });

  it("reads one cookie out of a header", () => {
    expect(cookieValue("a=1; halqa-device=x.y.z; b=2", "halqa-device")).toBe("x.y.z");
    expect(cookieValue("=; ;;", "halqa-device")).toBeNull();
  });
});
