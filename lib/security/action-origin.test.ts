import { describe, expect, it } from "vitest";
import { isCrossSiteAction } from "./action-origin";

const headers = (values: Record<string, string>) =>
  new Headers({ "next-action": "7f00aa", host: "school.example", ...values });

describe("isCrossSiteAction (issue 12 §7: a 403, not Next's 500)", () => {
  it("refuses a server action posted from another origin, or from an opaque one", () => {
    expect(isCrossSiteAction("POST", headers({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteAction("POST", headers({ origin: "null" }))).toBe(true);
    expect(isCrossSiteAction("POST", headers({ origin: "not a url" }))).toBe(true);
    expect(isCrossSiteAction("POST", headers({ origin: "https://school.example:8443" }))).toBe(true);
  });

  it("lets same-origin actions, requests without Origin and everything that is not an action through", () => {
    expect(isCrossSiteAction("POST", headers({ origin: "https://school.example" }))).toBe(false);
    expect(
      isCrossSiteAction("POST", headers({ origin: "https://proxy.example", "x-forwarded-host": "proxy.example" })),
    ).toBe(false);
    expect(isCrossSiteAction("POST", headers({}))).toBe(false);
    expect(isCrossSiteAction("GET", headers({ origin: "https://evil.example" }))).toBe(false);
    expect(isCrossSiteAction("POST", new Headers({ origin: "https://evil.example", host: "school.example" }))).toBe(
      false,
    );
  });
});
