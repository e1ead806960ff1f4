import "server-only";
import { eq, sql } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { notebookSettings, type StoredMistakeType } from "@/lib/db/schema";
import type { Translate } from "@/lib/i18n/core";
import type { Locale } from "@/lib/i18n/locales";
import { DEFAULT_HEAR_SETTINGS } from "./hear-today";
import { DEFAULT_MISTAKE_TYPES, DEFAULT_RATING_THRESHOLDS, type MistakeOptions } from "./mistakes";

/**
 * Each school's notebook settings (issue 29), by connection, edited by admins: the mistake types and
 * their names, the rating thresholds, and the revision rule's N and cycle. Defaults until an admin saves
 * (docs/progress.md, "The teacher's notebook").
 */
export type NotebookSettings = {
  mistakeTypes: StoredMistakeType[];
  ratingThresholds: number[];
  recentPages: number;
  cycleDays: number;
};

export const DEFAULT_NOTEBOOK_SETTINGS: NotebookSettings = {
  mistakeTypes: DEFAULT_MISTAKE_TYPES.map((id) => ({ id, names: {} })),
  ratingThresholds: [...DEFAULT_RATING_THRESHOLDS],
  ...DEFAULT_HEAR_SETTINGS,
};

const isDefaultType = (id: string): id is (typeof DEFAULT_MISTAKE_TYPES)[number] =>
  (DEFAULT_MISTAKE_TYPES as readonly string[]).includes(id);

type Row = typeof notebookSettings.$inferSelect;

// A value stored by another version that does not read well falls back to the default, never an error.
function shape(row: Row | undefined): NotebookSettings {
  if (!row) return DEFAULT_NOTEBOOK_SETTINGS;
  const types = Array.isArray(row.mistakeTypes)
    ? row.mistakeTypes.filter((x) => typeof x?.id === "string" && x.id !== "")
    : [];
  const thresholds = Array.isArray(row.ratingThresholds)
    ? row.ratingThresholds.filter((x) => Number.isInteger(x) && x >= 0)
    : [];
  return {
    mistakeTypes:
      types.length > 0
        ? types.map((x) => ({ id: x.id, names: typeof x.names === "object" && x.names ? x.names : {} }))
        : DEFAULT_NOTEBOOK_SETTINGS.mistakeTypes,
    ratingThresholds: thresholds.length > 0 ? thresholds : DEFAULT_NOTEBOOK_SETTINGS.ratingThresholds,
    recentPages: row.recentPages,
    cycleDays: row.cycleDays,
  };
}

export async function getNotebookSettings(connectionId: string, store?: DashboardDb): Promise<NotebookSettings> {
  const db = store ?? (await dashboardDb());
  const [row] = await db
    .select()
    .from(notebookSettings)
    .where(eq(notebookSettings.connectionId, connectionId))
    .limit(1);
  return shape(row);
}

export async function saveNotebookSettings(
  connectionId: string,
  settings: NotebookSettings,
  userId: string,
  store?: DashboardDb,
): Promise<void> {
  const db = store ?? (await dashboardDb());
  const values = {
    mistakeTypes: settings.mistakeTypes,
    ratingThresholds: settings.ratingThresholds,
    recentPages: settings.recentPages,
    cycleDays: settings.cycleDays,
    updatedBy: userId,
  };
  await db
    .insert(notebookSettings)
    .values({ connectionId, ...values })
    .onConflictDoUpdate({ target: notebookSettings.connectionId, set: { ...values, updatedAt: sql`now()` } });
}

/** A mistake type's name for a reader: the school's own in their language, else the catalogue's (default types), else English, else its id. */
export function mistakeTypeName(type: StoredMistakeType, locale: Locale, t: Translate): string {
  const own = type.names[locale]?.trim();
  if (own) return own;
  if (isDefaultType(type.id)) return t(`live.mistakes.types.${type.id}`);
  return type.names.en?.trim() || type.id;
}

export function mistakeOptions(settings: NotebookSettings, locale: Locale, t: Translate): MistakeOptions {
  return {
    types: settings.mistakeTypes.map((type) => ({ id: type.id, label: mistakeTypeName(type, locale, t) })),
    thresholds: settings.ratingThresholds,
  };
}
