import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { COMPILE_HINT } from "@/lib/build/compile-hints";
import nextConfig from "@/next.config";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("next build marks the browser's chunks with the compile hint after compiling (lib/build/compile-hints.ts)", async () => {
  dir = mkdtempSync(path.join(tmpdir(), "next-config-"));
  mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  writeFileSync(path.join(dir, "static", "chunks", "a.js"), "console.log(1)");
  await nextConfig.compiler?.runAfterProductionCompile?.({ distDir: dir, projectDir: process.cwd() });
  expect(readFileSync(path.join(dir, "static", "chunks", "a.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(1)`);
});
