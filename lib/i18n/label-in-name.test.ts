import { describe, expect, it } from "vitest";
import { translator } from "./core";
import { LOCALES } from "./locales";

/**
 * Label in name (WCAG 2.5.3, axe's `label-content-name-mismatch`): a control that shows one text
 * and tells a screen reader a longer one (which halqa, which person) must say the shown text
 * within it, in every language, or a person who speaks to their device cannot name what they see.
 * Each pair: the control's visible words, then its accessible name.
 */
const PAIRS = [
  ["overview.home.today.openRegister", "overview.home.today.openRegisterOf"],
  ["overview.home.today.viewSession", "overview.home.today.viewSessionOf"],
  ["overview.home.today.start", "overview.home.today.startOf"],
  ["overview.timetable.accept", "overview.timetable.acceptFor"],
  ["overview.timetable.save", "overview.timetable.saveFor"],
  ["overview.timetable.remove", "overview.timetable.removeFor"],
  ["admin.user.link", "admin.user.linkLabel"],
  ["admin.user.remove", "admin.user.removeLabel"],
  ["notices.admin.resend", "notices.admin.resendLabel"],
] as const;
const VALUES = { halqa: "X", name: "X", email: "x@example.org" };

/** As axe compares them: case, punctuation and spacing aside. */
const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/[\p{P}\p{S}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("a control's accessible name holds its visible words", () => {
  for (const locale of LOCALES)
    it(`in ${locale}`, () => {
      const t = translator(locale);
      const mismatched = PAIRS.filter(([label, name]) => !words(t(name, VALUES)).includes(words(t(label))));
      expect(mismatched.map(([label, name]) => `${t(label)} ⊄ ${t(name, VALUES)}`)).toEqual([]);
    });
});
