import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build output with two chunks (one in a subfolder), a stylesheet and a server file. */
function distDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hints-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "static", "chunks", "app"), { recursive: true });
  mkdirSync(path.join(dir, "server"), { recursive: true });
  writeFileSync(path.join(dir, "static", "chunks", "a.js"), "(globalThis.TURBOPACK||[]).push([1]);");
  writeFileSync(path.join(dir, "static", "chunks", "app", "b.js"), "console.log(1)");
  writeFileSync(path.join(dir, "static", "chunks", "c.css"), "a{color:red}");
  writeFileSync(path.join(dir, "server", "d.js"), "module.exports = 1");
  return dir;
}
const read = (dir: string, ...parts: string[]) => readFileSync(path.join(dir, ...parts), "utf8");

describe("addCompileHints", () => {
  it("starts every browser script chunk with V8's hint, and nothing else", () => {
    const dir = distDir();
    expect(addCompileHints(dir)).toHaveLength(2);
    expect(read(dir, "static", "chunks", "a.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1]);`);
    expect(read(dir, "static", "chunks", "app", "b.js")).toBe(`${COMPILE_HINT}console.log(1)`);
    expect(read(dir, "static", "chunks", "c.css")).toBe("a{color:red}");
    expect(read(dir, "server", "d.js")).toBe("module.exports = 1");
  });

  it("marks a chunk once, however often the build runs", () => {
    const dir = distDir();
    addCompileHints(dir);
    expect(addCompileHints(dir)).toEqual([]);
    expect(read(dir, "static", "chunks", "a.js").split(COMPILE_HINT)).toHaveLength(2);
  });
});
