import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAILURE_KINDS } from "./failures";

/**
 * A failure code is spelled in one place, FAILURE_KINDS (docs/failures.md, "One vocabulary"): the
 * dashboard's own code decides with the predicates of ./failures.ts and makes failures and answers
 * with the named makers. The contract (lib/contract) and the embedded School API (school-api/, which
 * raises the contract's codes typed by `ErrorCode`) are not the dashboard's; tests and their support
 * (tests/support/) may spell codes, since they play the school.
 */
const ROOT = path.resolve(__dirname, "../..");
const SOURCES = ["app", "components", "lib", "scripts", "proxy.ts", "instrumentation.ts"];
const OUTSIDE = new Set(["lib/contract", "lib/v1/failures.ts"]);
const CODE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Where a code may be read by its typed name (`FAILURE_CODE`): the makers of failures and of answers. */
const MAKERS = new Set(["lib/v1/errors.ts", "lib/actions/result.ts", "lib/web/staff-json.ts", "lib/web/api-error.ts"]);

function sourceFiles(relative: string): string[] {
  if (OUTSIDE.has(relative)) return [];
  const absolute = path.join(ROOT, relative);
  if (statSync(absolute).isDirectory()) {
    if (path.basename(relative) === "node_modules") return [];
    return readdirSync(absolute).flatMap((name) => sourceFiles(path.posix.join(relative, name)));
  }
  return CODE_FILE.test(relative) && !/\.test\./.test(relative) ? [relative] : [];
}

/** `file:line: text` of every line matching `pattern`. */
function linesMatching(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((text, index) => (pattern.test(text) ? [`${file}:${index + 1}: ${text.trim()}`] : [])),
  );
}

const files = SOURCES.flatMap(sourceFiles);

describe("failure codes", () => {
  it("reads the dashboard's sources", () => {
    expect(files).toContain("lib/v1/errors.ts");
    expect(files).toContain("proxy.ts");
    expect(files.some((file) => file.startsWith("lib/contract/"))).toBe(false);
  });

  it("are spelled only in FAILURE_KINDS: no quoted code anywhere else in the dashboard's code", () => {
    const codes = Object.keys(FAILURE_KINDS).join("|");
    const quoted = new RegExp(`["'\`](${codes})["'\`]`);
    expect(linesMatching(files, quoted)).toEqual([]);
  });

  it("are named through FAILURE_CODE only where failures and answers are made", () => {
    const outside = files.filter((file) => !MAKERS.has(file));
    expect(linesMatching(outside, /\bFAILURE_CODE\b/)).toEqual([]);
  });
});
