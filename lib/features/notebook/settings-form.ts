/**
 * The admin's notebook settings form (issue 29, point 5), read from its fields: pure, so the rules are
 * tested without a server. Each refusal is a catalogue key the form shows in the admin's language.
 */
import { toLatinDigits } from "@/lib/i18n/digits";
import { LOCALES } from "@/lib/i18n/locales";
import type { StoredMistakeType } from "@/lib/db/schema-notebook";
import { MISTAKES_MAX } from "./mistakes";

export const TYPE_ROWS = 8;
export const NAME_MAX = 40;
export const RECENT_PAGES_RANGE = { min: 1, max: 20 } as const;
export const CYCLE_DAYS_RANGE = { min: 7, max: 180 } as const;

export type NotebookForm = {
  mistakeTypes: StoredMistakeType[];
  ratingThresholds: number[];
  recentPages: number;
  cycleDays: number;
};

export type NotebookFormError =
  | "admin.notebook.invalidTypes"
  | "admin.notebook.invalidName"
  | "admin.notebook.invalidThresholds"
  | "admin.notebook.invalidRecentPages"
  | "admin.notebook.invalidCycleDays";

const ID = /^[a-z0-9-]{1,40}$/;

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

function wholeIn(value: string | undefined, range: { min: number; max: number }): number | null {
  const text = toLatinDigits(value ?? "").trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= range.min && n <= range.max ? n : null;
}

/** Ascending whole numbers from 0 to 999, one per rating from the best down (at most 19: a scale has at most 20). */
export function parseThresholds(text: string): number[] | null {
  const parts = toLatinDigits(text)
    .split(/[\s,،;]+/)
    .filter(Boolean);
  if (parts.length === 0 || parts.length > 19 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const values = parts.map(Number);
  if (values.some((value, i) => value > MISTAKES_MAX || (i > 0 && value <= values[i - 1]!))) return null;
  return values;
}

/**
 * Fields: `type{i}_key` (kept ids, hidden), `type{i}_{locale}` (the names), `thresholds`, `recentPages`,
 * `cycleDays`. A type row with no name at all is removed; a new one gets an id from its English (or
 * first) name. Ids of kept types never change: taps already stored keep their meaning.
 */
export function parseNotebookForm(
  fields: Record<string, string | undefined>,
): { ok: true; value: NotebookForm } | { ok: false; errors: Record<string, NotebookFormError> } {
  const errors: Record<string, NotebookFormError> = {};
  const types: StoredMistakeType[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < TYPE_ROWS; i++) {
    const names: Record<string, string> = {};
    for (const locale of LOCALES) {
      const name = (fields[`type${i}_${locale}`] ?? "").trim();
      if (name === "") continue;
      if (name.length > NAME_MAX || /[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/.test(name))
        errors[`type${i}_${locale}`] = "admin.notebook.invalidName";
      names[locale] = name;
    }
    if (Object.keys(names).length === 0) continue;
    const kept = (fields[`type${i}_key`] ?? "").trim();
    let id = ID.test(kept) ? kept : slug(names.en ?? Object.values(names)[0]!) || `type-${i + 1}`;
    while (ids.has(id)) id = `${id}-${i + 1}`;
    ids.add(id);
    types.push({ id, names });
  }
  if (types.length === 0) errors.types = "admin.notebook.invalidTypes";
  const thresholds = parseThresholds(fields.thresholds ?? "");
  if (!thresholds) errors.thresholds = "admin.notebook.invalidThresholds";
  const recentPages = wholeIn(fields.recentPages, RECENT_PAGES_RANGE);
  if (recentPages === null) errors.recentPages = "admin.notebook.invalidRecentPages";
  const cycleDays = wholeIn(fields.cycleDays, CYCLE_DAYS_RANGE);
  if (cycleDays === null) errors.cycleDays = "admin.notebook.invalidCycleDays";
  if (Object.keys(errors).length > 0 || !thresholds || recentPages === null || cycleDays === null)
    return { ok: false, errors };
  return { ok: true, value: { mistakeTypes: types, ratingThresholds: thresholds, recentPages, cycleDays } };
}
