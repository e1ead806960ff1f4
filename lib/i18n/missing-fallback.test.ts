import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

// A Turkish catalogue without one message: its text in English, logged once.
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const readFileSync = ((file: string, encoding: BufferEncoding) => {
    const text = fs.readFileSync(file, encoding);
    if (!String(file).endsWith("/tr/common.json")) return text;
    const common = JSON.parse(text) as Record<string, unknown>;
    delete common.save;
    return JSON.stringify(common);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

describe("a message one language lacks", () => {
  it("reads in English, logged once by key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { translator } = await import("./core");
    const t = translator("tr");
    expect(t("common.save")).toBe(translator("en")("common.save"));
    t("common.save");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/common\.save in tr: shown in English/);
  });
});
