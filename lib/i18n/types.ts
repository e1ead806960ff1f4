import type admin from "@/messages/en/admin.json";
import type auth from "@/messages/en/auth.json";
import type common from "@/messages/en/common.json";
import type errors from "@/messages/en/errors.json";
import type excuses from "@/messages/en/excuses.json";
import type family from "@/messages/en/family.json";
import type glance from "@/messages/en/glance.json";
import type halqas from "@/messages/en/halqas.json";
import type home from "@/messages/en/home.json";
import type live from "@/messages/en/live.json";
import type nav from "@/messages/en/nav.json";
import type notices from "@/messages/en/notices.json";
import type overview from "@/messages/en/overview.json";
import type paging from "@/messages/en/paging.json";
import type plans from "@/messages/en/plans.json";
import type progressReport from "@/messages/en/progressReport.json";
import type quranMap from "@/messages/en/quranMap.json";
import type reportCards from "@/messages/en/reportCards.json";
import type sessions from "@/messages/en/sessions.json";
import type students from "@/messages/en/students.json";

/** The English catalogue's shape: every key of every language (lib/i18n/catalogues.ts). */
export type Messages = {
  common: typeof common;
  errors: typeof errors;
  nav: typeof nav;
  auth: typeof auth;
  home: typeof home;
  halqas: typeof halqas;
  students: typeof students;
  sessions: typeof sessions;
  admin: typeof admin;
  live: typeof live;
  plans: typeof plans;
  family: typeof family;
  glance: typeof glance;
  paging: typeof paging;
  quranMap: typeof quranMap;
  progressReport: typeof progressReport;
  notices: typeof notices;
  excuses: typeof excuses;
  overview: typeof overview;
  reportCards: typeof reportCards;
};

type Join<A extends string, B extends string> = `${A}.${B}`;
/** Dotted paths to every string of a catalogue: `common.save`, `halqas.title`, … */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, KeyOf<T[K]>>;
}[keyof T & string];
/** A key of the catalogue: what a failure kind, a field error or a page names (lib/i18n/core.ts translates it). */
export type MessageKey = KeyOf<Messages>;
/** Dotted paths to every node and string of a catalogue: `live`, `live.row`, `live.row.saved`, … */
export type PathOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : K | Join<K, PathOf<T[K]>>;
}[keyof T & string];
