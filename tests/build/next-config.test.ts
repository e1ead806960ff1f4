import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, expect, it } from "vitest";
import { COMPILE_HINT } from "@/lib/build/compile-hints";

type ConfigFunction = (phase: string) => Promise<NextConfig>;
const configFile = pathToFileURL(path.join(process.cwd(), "next.config.mjs")).href;
const nextConfig = async (phase: string) => ((await import(configFile)) as { default: ConfigFunction }).default(phase);
const { API_HEADERS_SOURCE } = (await import(configFile)) as { API_HEADERS_SOURCE: string };

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("next build marks the browser's chunks with the compile hint after compiling (lib/build/compile-hints.ts)", async () => {
  dir = mkdtempSync(path.join(tmpdir(), "next-config-"));
  mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  writeFileSync(path.join(dir, "static", "chunks", "a.js"), "console.log(1)");
  const config = await nextConfig(PHASE_PRODUCTION_BUILD);
  await config.compiler?.runAfterProductionCompile?.({ distDir: dir, projectDir: process.cwd() });
  expect(readFileSync(path.join(dir, "static", "chunks", "a.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(1)`);
  expect(await config.headers?.()).toContainEqual(expect.objectContaining({ source: API_HEADERS_SOURCE }));
});

it("a production server reads the configuration without the build's TypeScript (docs/scale.md, Memory)", async () => {
  const config = await nextConfig(PHASE_PRODUCTION_SERVER);
  expect(config.compiler?.runAfterProductionCompile).toBeUndefined();
  expect(config.serverExternalPackages).toContain("@electric-sql/pglite");
});
