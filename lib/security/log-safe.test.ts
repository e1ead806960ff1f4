import { describe, expect, it } from "vitest";
import { commandLineMessage } from "./log-safe";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("what the command line prints of an error", () => {
  it("a database error by kind and code only; the command's own errors, a file system's too, in full", () => {
    const failed = Object.assign(new Error("Failed query: insert into users … params: a@b.c,scrypt$x"), {
      name: "DrizzleQueryError",
      cause: withCode('invalid input syntax for type timestamp: "a@b.c"', "22007"),
    });
    expect(commandLineMessage(failed)).toBe(
      "the database refused it (DrizzleQueryError code=22007); the rows it was writing are not printed",
    );
    expect(commandLineMessage(withCode('duplicate key "a@b.c"', "23505"))).not.toContain("a@b.c");
    expect(commandLineMessage(withCode("EPERM: operation not permitted, open '/backups/x'", "EPERM"))).toBe(
      "EPERM: operation not permitted, open '/backups/x'",
    );
    expect(commandLineMessage(new Error("--connection, --email and --name are required"))).toBe(
      "--connection, --email and --name are required",
    );
  });
});
