import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and rejects others, with a fresh salt each time", async () => {
    const first = await hashPassword("demo1234");
    const second = await hashPassword("demo1234");
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword("demo1234", first)).resolves.toBe(true);
    await expect(verifyPassword("demo12345", first)).resolves.toBe(false);
    await expect(verifyPassword("demo1234", "plain-text")).resolves.toBe(false);
  });
});
