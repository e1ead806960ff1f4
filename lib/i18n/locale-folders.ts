import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The languages are the folders of `messages/`: each `messages/<code>/` holds its catalogue and a
 * `_locale.json` saying what the language needs beyond its words (README, "Adding a language"). This
 * reads them and writes the index every module imports (lib/i18n/locale-index.generated.ts), so
 * that the browser, the server, the database schema and the scripts share one list with no code per
 * language. Node only: next.config.mjs runs it before each build and `next dev`, the tests check it.
 */
export const META_FILE = "_locale.json";
export const INDEX_FILE = path.join("lib", "i18n", "locale-index.generated.ts");

export type LocaleMeta = {
  /** The folder's name: the language's ISO 639 code, as cookies and `Accept-Language` name it. */
  code: string;
  /** Its own name in its own script, as the language list shows it ("Türkçe", "اردو"). */
  name: string;
  /** The BCP 47 tag numbers, plurals and dates are formatted with (its region: "ur-PK"). */
  tag: string;
  dir: "ltr" | "rtl";
  /** The Intl numbering system of its own digits, when a school may choose them ("arab", "arabext"). */
  digits?: string;
};

const CODE = /^[a-z]{2,3}$/;
const TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A folder's `_locale.json` read and checked; an error names the folder and what is wrong. */
export function readLocaleMeta(root: string, code: string): LocaleMeta {
  const file = path.join(root, code, META_FILE);
  const fail = (why: string): never => {
    throw new Error(`messages/${code}/${META_FILE}: ${why}`);
  };
  if (!CODE.test(code)) fail("the folder's name must be a two- or three-letter ISO 639 code in lower case");
  if (!existsSync(file)) fail("missing (see README, Adding a language)");
  const raw = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const { name, tag, dir, digits } = raw;
  if (typeof name !== "string" || name.trim() === "") fail('"name" must be the language\'s own name');
  if (typeof tag !== "string" || !TAG.test(tag) || tag.split("-")[0] !== code)
    fail(`"tag" must be a BCP 47 tag of ${code} ("${code}-XX")`);
  if (dir !== "ltr" && dir !== "rtl") fail('"dir" must be "ltr" or "rtl"');
  if (
    digits !== undefined &&
    (typeof digits !== "string" || !Intl.supportedValuesOf("numberingSystem").includes(digits) || digits === "latn")
  ) {
    fail('"digits", if given, must be an Intl numbering system other than "latn" (e.g. "arab")');
  }
  const unknown = Object.keys(raw).filter((key) => !["name", "tag", "dir", "digits"].includes(key));
  if (unknown.length > 0) fail(`unknown fields ${unknown.join(", ")}`);
  return {
    code,
    name: name as string,
    tag: tag as string,
    dir: dir as "ltr" | "rtl",
    ...(digits ? { digits: digits as string } : {}),
  };
}

/** Every language folder under `root`, English (the source of every key) first, then by code. */
export function readLocaleFolders(root: string): LocaleMeta[] {
  const codes = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => Number(b === "en") - Number(a === "en") || a.localeCompare(b));
  if (codes[0] !== "en") throw new Error("messages/en/ (the source catalogue) is missing");
  return codes.map((code) => readLocaleMeta(root, code));
}

/** The index's source text: one entry per folder, typed `as const` so that `Locale` is their union. */
export function renderLocaleIndex(metas: readonly LocaleMeta[]): string {
  const entries = metas.map(({ code, ...meta }) => `  ${code}: ${JSON.stringify(meta)},`);
  return [
    "// Written by lib/i18n/locale-folders.ts from messages/*/_locale.json (next.config.mjs, before each build and `next dev`). Do not edit.",
    "export const LOCALE_META = {",
    ...entries,
    "} as const;",
    "",
  ].join("\n");
}

/** Writes the index when the folders changed; returns whether it did. */
export function writeLocaleIndex(projectRoot: string): boolean {
  const target = path.join(projectRoot, INDEX_FILE);
  const text = renderLocaleIndex(readLocaleFolders(path.join(projectRoot, "messages")));
  if (existsSync(target) && readFileSync(target, "utf8") === text) return false;
  writeFileSync(target, text);
  return true;
}
