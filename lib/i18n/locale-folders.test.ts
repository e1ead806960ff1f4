import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCatalogue } from "./catalogues";
import { INDEX_FILE, META_FILE, readLocaleFolders, writeLocaleIndex } from "./locale-folders";

/**
 * An eighth language is one folder (README, "Adding a language"): in a copy of the project's
 * messages, a Swahili folder (English words, its own `_locale.json`) is listed, indexed and read
 * with no code changed; a folder that says nothing, or something wrong, about itself is refused by name.
 */
const project = mkdtempSync(path.join(tmpdir(), "halqa-locales-"));
const messages = path.join(project, "messages");
cpSync("messages", messages, { recursive: true });
mkdirSync(path.join(project, path.dirname(INDEX_FILE)), { recursive: true });
afterAll(() => rmSync(project, { recursive: true, force: true }));

function addLanguage(code: string, meta: unknown) {
  cpSync(path.join(messages, "en"), path.join(messages, code), { recursive: true });
  writeFileSync(path.join(messages, code, META_FILE), JSON.stringify(meta));
}

describe("a language added as a folder of messages/", () => {
  it("is listed, indexed for every module and its catalogue read, with no code changed", () => {
    addLanguage("sw", { name: "Kiswahili", tag: "sw-KE", dir: "ltr" });
    const metas = readLocaleFolders(messages);
    expect(metas.map((meta) => meta.code)).toEqual(["en", "ar", "fr", "id", "ms", "sw", "tr", "ur"]);
    expect(metas.find((meta) => meta.code === "sw")).toEqual({
      code: "sw",
      name: "Kiswahili",
      tag: "sw-KE",
      dir: "ltr",
    });

    expect(writeLocaleIndex(project)).toBe(true);
    expect(readFileSync(path.join(project, INDEX_FILE), "utf8")).toContain(
      '  sw: {"name":"Kiswahili","tag":"sw-KE","dir":"ltr"},',
    );
    expect(writeLocaleIndex(project), "written again only when the folders change").toBe(false);

    expect(readCatalogue("sw", messages).common).toEqual(readCatalogue("en").common);
  });

  it("a right-to-left language with its own digits says so in its _locale.json", () => {
    addLanguage("fa", { name: "فارسی", tag: "fa-IR", dir: "rtl", digits: "arabext" });
    expect(readLocaleFolders(messages).find((meta) => meta.code === "fa")).toMatchObject({
      dir: "rtl",
      digits: "arabext",
    });
  });

  it.each([
    ["no _locale.json", "xx", null, /missing/],
    ["no name", "xy", { tag: "xy-XX", dir: "ltr" }, /"name"/],
    ["another language's tag", "xz", { name: "X", tag: "en-GB", dir: "ltr" }, /"tag"/],
    ["an unknown direction", "xw", { name: "X", tag: "xw", dir: "up" }, /"dir"/],
    ["digits Intl does not know", "xv", { name: "X", tag: "xv", dir: "ltr", digits: "klingon" }, /"digits"/],
    ["a field of its own", "xu", { name: "X", tag: "xu", dir: "ltr", font: "X" }, /unknown fields font/],
  ])("a folder with %s is refused by name", (_, code, meta, why) => {
    const folder = path.join(project, `messages-${code}`);
    cpSync(path.join(messages, "en"), path.join(folder, "en"), { recursive: true });
    mkdirSync(path.join(folder, code));
    if (meta) writeFileSync(path.join(folder, code, META_FILE), JSON.stringify(meta));
    expect(() => readLocaleFolders(folder)).toThrow(new RegExp(`messages/${code}/_locale.json: .*${why.source}`));
  });
});
