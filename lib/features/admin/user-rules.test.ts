import { describe, expect, it } from "vitest";
import { linkKindFor, matchesSearch, refusalFor } from "./user-rules";

const admin = (id: string, disabled = false) => ({ id, role: "admin" as const, disabled });

describe("refusalFor", () => {
  it("refuses an admin disabling themselves, even with other admins", () => {
    expect(
      refusalFor({ actorId: "a", target: admin("a"), change: { kind: "disable" }, enabledAdminIds: ["a", "b"] }),
    ).toBe("selfDisable");
  });

  it("refuses removing the last enabled admin, by role change or by disabling", () => {
    expect(
      refusalFor({
        actorId: "a",
        target: admin("a"),
        change: { kind: "role", role: "teacher" },
        enabledAdminIds: ["a"],
      }),
    ).toBe("lastAdmin");
    expect(refusalFor({ actorId: "x", target: admin("a"), change: { kind: "disable" }, enabledAdminIds: ["a"] })).toBe(
      "lastAdmin",
    );
  });

  it("allows demoting oneself or disabling another admin while another enabled admin remains", () => {
    expect(
      refusalFor({
        actorId: "a",
        target: admin("a"),
        change: { kind: "role", role: "parent" },
        enabledAdminIds: ["a", "b"],
      }),
    ).toBeNull();
    expect(
      refusalFor({ actorId: "a", target: admin("b"), change: { kind: "disable" }, enabledAdminIds: ["a", "b"] }),
    ).toBeNull();
  });

  it("does not count a disabled admin as the last one, and allows keeping the admin role", () => {
    expect(
      refusalFor({
        actorId: "a",
        target: admin("b", true),
        change: { kind: "role", role: "teacher" },
        enabledAdminIds: ["a"],
      }),
    ).toBeNull();
    expect(
      refusalFor({ actorId: "a", target: admin("a"), change: { kind: "role", role: "admin" }, enabledAdminIds: ["a"] }),
    ).toBeNull();
  });

  it("allows changes to teachers and parents, and enabling anyone", () => {
    expect(
      refusalFor({
        actorId: "a",
        target: { id: "t", role: "teacher", disabled: false },
        change: { kind: "disable" },
        enabledAdminIds: ["a"],
      }),
    ).toBeNull();
    expect(
      refusalFor({
        actorId: "a",
        target: { id: "p", role: "parent", disabled: true },
        change: { kind: "enable" },
        enabledAdminIds: ["a"],
      }),
    ).toBeNull();
    expect(
      refusalFor({
        actorId: "a",
        target: { id: "t", role: "teacher", disabled: false },
        change: { kind: "role", role: "admin" },
        enabledAdminIds: ["a"],
      }),
    ).toBeNull();
  });
});

describe("linkKindFor", () => {
  it("keeps sheikh links for teachers, student links for parents, none for admins", () => {
    expect(linkKindFor("teacher")).toBe("sheikh");
    expect(linkKindFor("parent")).toBe("student_lineage");
    expect(linkKindFor("admin")).toBeNull();
  });
});

describe("matchesSearch", () => {
  it("ignores case, spacing, dashes and accents", () => {
    expect(matchesSearch("al harbi", "Abdullah Al-Harbi")).toBe(true);
    expect(matchesSearch("ABDULLAH", "Abdullah Al-Harbi")).toBe(true);
    expect(matchesSearch("zaid", "Abdullah Al-Harbi")).toBe(false);
  });

  it("matches the preferred name too, and an empty search matches everyone", () => {
    expect(matchesSearch("abu", "Yusuf Khalid", "Abu Khalid")).toBe(true);
    expect(matchesSearch("  ", "Anyone")).toBe(true);
  });

  it("folds Arabic hamza forms and diacritics", () => {
    expect(matchesSearch("احمد", "أَحْمَد العتيبي")).toBe(true);
    expect(matchesSearch("فاطمه", "فاطمة")).toBe(true);
  });
});
