import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_KEYS } from "@/school-api/seed-facts";
import { configurationProblems } from "@/lib/ops/config-check";
import { loadConnections } from "./index";
import { isEmbeddedMode } from "./mode";

const dir = mkdtempSync(path.join(tmpdir(), "halqa-connections-"));
function connectionsFile(entries: unknown): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof entries === "string" ? entries : JSON.stringify(entries));
  return file;
}
const REAL = { AUTH_SECRET: "s".repeat(32) };

describe("embedded mode: one rule", () => {
  it("is on only when neither SCHOOL_API_URL nor SCHOOL_CONNECTIONS_FILE is set", () => {
    expect(isEmbeddedMode({})).toBe(true);
    expect(isEmbeddedMode({ SCHOOL_API_URL: "  " })).toBe(true);
    expect(isEmbeddedMode({ SCHOOL_API_URL: "https://school.example" })).toBe(false);
    expect(isEmbeddedMode({ SCHOOL_CONNECTIONS_FILE: "/etc/halqa/schools.json" })).toBe(false);
  });

  it("default: the two demo schools over loopback on this server's port", () => {
    expect(loadConnections({ PORT: "4123" }).map((c) => [c.id, c.baseUrl, c.apiKey])).toEqual([
      ["alnoor", "http://127.0.0.1:4123/api/v1", DEMO_KEYS.alnoorAdmin],
      ["arqam", "http://127.0.0.1:4123/api/v1", DEMO_KEYS.arqamAdmin],
    ]);
    expect(configurationProblems({})).toEqual([]);
  });

  it("one URL: that school alone, with its own key; without a key, or with a demo key, it is refused", () => {
    expect(loadConnections({ SCHOOL_API_URL: "https://school.example", SCHOOL_API_KEY: "live_key_123" })).toEqual([
      {
        id: "default",
        label: "School",
        baseUrl: "https://school.example",
        apiKey: "live_key_123",
        allowInsecureHttp: false,
      },
    ]);
    expect(() => loadConnections({ SCHOOL_API_URL: "https://school.example" })).toThrow(/SCHOOL_API_KEY/);
    expect(() =>
      loadConnections({ SCHOOL_API_URL: "https://school.example", SCHOOL_API_KEY: DEMO_KEYS.alnoorAdmin }),
    ).toThrow(/key of the embedded demo/);
    expect(
      configurationProblems({ ...REAL, SCHOOL_API_URL: "https://school.example", SCHOOL_API_KEY: "live_key_123" }),
    ).toEqual([]);
  });

  it("a connections file: its schools; a demo key in it is refused at start with the connection named", () => {
    const good = connectionsFile([
      { id: "noor", label: "Al-Noor", base_url: "https://noor.example", api_key_env: "NOOR_KEY" },
      { id: "arqam", label: "Dar Al-Arqam", base_url: "https://arqam.example", api_key: "arqam_live_key" },
    ]);
    expect(
      loadConnections({ SCHOOL_CONNECTIONS_FILE: good, NOOR_KEY: "noor_live_key" }).map((c) => [c.id, c.apiKey]),
    ).toEqual([
      ["noor", "noor_live_key"],
      ["arqam", "arqam_live_key"],
    ]);
    const demo = connectionsFile([
      { id: "noor", label: "Al-Noor", base_url: "https://noor.example", api_key: DEMO_KEYS.arqamAdmin },
    ]);
    const problems = configurationProblems({ ...REAL, SCHOOL_CONNECTIONS_FILE: demo });
    expect(problems).toEqual([expect.stringMatching(/^Connection 'noor' uses a key of the embedded demo/)]);
    expect(problems.join()).not.toContain(DEMO_KEYS.arqamAdmin);
  });

  it("a file that is missing or not JSON is refused without quoting what it holds", () => {
    expect(configurationProblems({ ...REAL, SCHOOL_CONNECTIONS_FILE: path.join(dir, "missing.json") })).toEqual([
      expect.stringMatching(/cannot be read \(ENOENT\)/),
    ]);
    const broken = connectionsFile('[{"id": "noor", "api_key": "secret_live_key"');
    const problems = configurationProblems({ ...REAL, SCHOOL_CONNECTIONS_FILE: broken });
    expect(problems).toEqual([expect.stringMatching(/is not valid JSON$/)]);
    expect(problems.join()).not.toContain("secret_live_key");
  });

  it("a real school needs AUTH_SECRET; LOG_LEVEL, METRICS_TOKEN and TRUSTED_PROXIES are checked", () => {
    const env = { SCHOOL_API_URL: "https://school.example", SCHOOL_API_KEY: "live_key_123" };
    expect(configurationProblems(env)).toEqual([expect.stringMatching(/AUTH_SECRET/)]);
    expect(configurationProblems({ LOG_LEVEL: "verbose", METRICS_TOKEN: "short" })).toEqual([
      expect.stringMatching(/LOG_LEVEL/),
      expect.stringMatching(/METRICS_TOKEN must be at least 32/),
    ]);
    expect(configurationProblems({ LOG_LEVEL: "debug", METRICS_TOKEN: "t".repeat(32) })).toEqual([]);
    expect(configurationProblems({ TRUSTED_PROXIES: "10.0.0.0/8,proxy.example" })).toEqual([
      expect.stringMatching(/^TRUSTED_PROXIES .*proxy\.example/),
    ]);
    expect(configurationProblems({ TRUSTED_PROXIES: "10.0.0.0/8,192.0.2.1" })).toEqual([]);
  });
});
