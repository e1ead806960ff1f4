import { describe, expect, it } from "vitest";
import { oidcCallbacks } from "./oidc";

const people = new Map([
  ["head@school.org", { id: "usr_head", disabledAt: null }],
  ["left@school.org", { id: "usr_left", disabledAt: new Date("2026-01-01T00:00:00Z") }],
]);
const oidc = oidcCallbacks(async (email) => people.get(email));

describe("single sign-on", () => {
  it("lets in only enabled people an admin created", async () => {
    expect(await oidc.allowSignIn("oidc", "head@school.org")).toBe(true);
    expect(await oidc.allowSignIn("oidc", "left@school.org")).toBe(false);
    expect(await oidc.allowSignIn("oidc", "stranger@gmail.com")).toBe(false);
    expect(await oidc.allowSignIn("oidc", null)).toBe(false);
  });

  it("puts the dashboard's user id in the session, never the provider's subject", async () => {
    expect(await oidc.sessionUserId("oidc", "head@school.org", "google-subject-123")).toBe("usr_head");
    expect(await oidc.sessionUserId("oidc", "stranger@gmail.com", "google-subject-456")).toBeUndefined();
  });

  it("leaves password sign-in to the credentials provider", async () => {
    expect(await oidc.allowSignIn("credentials", "anyone@school.org")).toBe(true);
    expect(await oidc.sessionUserId("credentials", "head@school.org", "usr_head")).toBe("usr_head");
  });
});
