import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the browser loads: every module a client component reaches through value imports (type
 * imports are erased; "use server" modules become references). Client components read their words
 * with useT under <ClientStrings>, so none of them may reach the catalogues (lib/i18n/core.ts holds
 * both languages) or zod (the contract barrel), which would weigh on every page's First Load JS, nor
 * the embedded school (its seed facts hold the demo's API keys).
 */
const root = path.resolve(__dirname, "../..");
const FORBIDDEN = [
  /^zod$/,
  /^next-intl/,
  /^icu-minify\/compile$/,
  /^@formatjs\//,
  /^lib\/i18n\/core\.ts$/,
  /^lib\/i18n\/catalogues\.ts$/,
  /^messages\//,
  /^i18n\//,
  // The embedded school, its seed facts included: the demo's API keys never reach a browser.
  /^school-api\//,
];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return name === "node_modules" ? [] : sources(relative);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return specifier;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/**
 * The modules a file loads at run time: its value imports and re-exports, and its dynamic `import()`s
 * (a lazy chunk is still shipped to the browser). `typeof import("x")` and `import("x").Type` are
 * types, erased.
 */
function importsIn(text: string): string[] {
  const statics = [...text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?"([^"]+)"/gm)];
  const dynamics = [...text.matchAll(/(?<!typeof\s+)(?<![\w.])import\(\s*["']([^"']+)["']\s*\)(?!\s*\.\s*[A-Z])/g)];
  return [...statics, ...dynamics].map((match) => match[1]!);
}

const valueImports = (file: string) => importsIn(readFileSync(path.join(root, file), "utf8"));

/** The chain of imports from a client component to the first forbidden module it reaches, if any. */
function forbiddenChain(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    if (FORBIDDEN.some((pattern) => pattern.test(file))) return [...chain, file];
    if (!/\.tsx?$/.test(file)) return null;
    if (chain.length > 0 && /^["']use server["']/m.test(readFileSync(path.join(root, file), "utf8"))) return null;
    for (const specifier of valueImports(file)) {
      const next = resolve(file, specifier);
      const found = next ? walk(next, [...chain, file]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

describe("client components' bundles", () => {
  const clients = ["app", "components", "lib"]
    .flatMap(sources)
    .filter((file) => /^["']use client["']/m.test(readFileSync(path.join(root, file), "utf8")));

  it("finds the client components", () => {
    expect(clients).toContain("components/live/roster-row.tsx");
    expect(clients).toContain("lib/i18n/client.tsx");
  });

  it("follows dynamic import(), not the types written as import()", () => {
    expect(valueImports("components/pickers/lazy-combobox.tsx")).toContain("./server-combobox");
    expect(valueImports("lib/features/live/quran-positions.ts")).toContain("quran-meta/hafs");
    const text =
      'type A = typeof import("zod");\ntype B = import("zod").ZodType;\nconst c = await import("./chunk");\nimport("./later").then((m) => m.run());';
    expect(importsIn(text)).toEqual(["./chunk", "./later"]);
  });

  it("never reach the catalogues, the server's i18n or zod", () => {
    const reached = clients.map((file) => forbiddenChain(file)).filter((chain): chain is string[] => chain !== null);
    expect(reached.map((chain) => chain.join(" → "))).toEqual([]);
  });
});
