import { describe, expect, it } from "vitest";
import { CreateUserInput, SetRoleInput } from "./schemas";

/** Issue 12 §4: what the dashboard's own store cannot hold is an invalid input, not a 500 with the row in the log. */
describe("user inputs", () => {
  const valid = { email: "head@school.org", name: "Head Teacher", role: "admin", password: "a long password" };

  it("refuses NUL and unpaired surrogates in names, emails and ids", () => {
    expect(CreateUserInput.safeParse(valid).success).toBe(true);
    expect(CreateUserInput.safeParse({ ...valid, name: "Head\u0000Teacher" }).success).toBe(false);
    expect(CreateUserInput.safeParse({ ...valid, name: "Head \ud800" }).success).toBe(false);
    expect(CreateUserInput.safeParse({ ...valid, email: "head\u0000@school.org" }).success).toBe(false);
    expect(SetRoleInput.safeParse({ userId: "usr\u00001", role: "admin" }).success).toBe(false);
  });
});
