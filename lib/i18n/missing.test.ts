import { afterEach, describe, expect, it, vi } from "vitest";
import { lackingKeys } from "./catalogues";
import { translator } from "./core";
import { LOCALES } from "./locales";

afterEach(() => vi.restoreAllMocks());

describe("a missing message", () => {
  it("is logged once per language and key, however often it is asked for, and never throws", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t = translator("fr");
    for (let i = 0; i < 3; i++) expect(t("live.notInAnyCatalogue" as never)).toBe("live.notInAnyCatalogue");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("live.notInAnyCatalogue");
    translator("ar")("live.notInAnyCatalogue" as never);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("is none today: every language has every English key (so nothing is logged)", () => {
    for (const locale of LOCALES) expect([...lackingKeys(locale)]).toEqual([]);
  });
});
