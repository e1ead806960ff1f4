import type { MarkStatus, RecitationKind } from "@/lib/features/live/types";
import type { UnsentStrings } from "./unsent-work";

/** The live screen's strings, translated on the server; templates keep their `{n}` / `{name}` placeholders, filled in the browser. */
export type LiveStrings = {
  status: Record<MarkStatus | "unmarked", string>;
  studentStatus: Record<"active" | "on_leave" | "withdrawn" | "graduated", string>;
  statusKeys: string;
  countsLabel: string;
  notMarked: string;
  allMarked: string;
  whoNotMarked: string;
  allPresent: string;
  rosterLabel: string;
  setStatus: string;
  row: {
    saved: string;
    pending: string;
    sending: string;
    failed: string;
    unmarked: string;
    retry: string;
    discard: string;
    details: string;
    lateMinutes: string;
    note: string;
    apply: string;
    ineligible: string;
    more: string;
    moreFor: string;
    close: string;
  };
  waiting: string;
  allSaved: string;
  undo: { message: string; action: string };
  failedCount: string;
  retryAll: string;
  offline: string;
  stalePending: string;
  storageMemory: string;
  readOnly: string;
  tryWritesAgain: string;
  endedMeanwhile: string;
  pollFailed: string;
  emptyRoster: string;
  unsent: UnsentStrings;
  retryingAt: string;
  recitation: RecitationStrings;
  end: EndStrings;
};

export type RecitationStrings = {
  open: string;
  listLabel: string;
  none: string;
  kind: string;
  kinds: Record<RecitationKind, string>;
  find: string;
  juz: string;
  anyJuz: string;
  juzN: string;
  fromSurah: string;
  fromAyah: string;
  toSurah: string;
  toAyah: string;
  noMatch: string;
  rangeInfo: string;
  rating: string;
  mistakes: string;
  note: string;
  submit: string;
  resubmit: string;
  cancelEdit: string;
  edit: string;
  prefilledPlan: string;
  prefilledLast: string;
  item: string;
  queued: string;
  problems: { surah: string; ayah: string; order: string; rating: string; mistakes: string };
};

export type EndStrings = {
  open: string;
  summary: string;
  recitations: string;
  unmarked: string;
  unsaved: string;
  confirm: string;
  submit: string;
  pending: string;
  notAllowed: string;
};

/** Fills `{name}` placeholders; numbers in the reader's digits. */
export type Format = (template: string, vars: Record<string, string | number>) => string;
