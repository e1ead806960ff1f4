import type { Role } from "@/lib/db/schema";
import type { LinkKind } from "./managed-users";

export type UserChange = { kind: "disable" } | { kind: "enable" } | { kind: "role"; role: Role };
export type Refusal = "selfDisable" | "lastAdmin";

/**
 * Changes an admin may not make even though they manage users: locking themselves out, or leaving
 * the school with no enabled administrator (nobody could then manage its users).
 */
export function refusalFor(input: {
  actorId: string;
  target: { id: string; role: Role; disabled: boolean };
  change: UserChange;
  /** Ids of the connection's enabled admins, read in the same transaction. */
  enabledAdminIds: readonly string[];
}): Refusal | null {
  const { actorId, target, change, enabledAdminIds } = input;
  if (change.kind === "disable" && target.id === actorId) return "selfDisable";
  const removesAdmin =
    target.role === "admin" &&
    !target.disabled &&
    (change.kind === "disable" || (change.kind === "role" && change.role !== "admin"));
  if (removesAdmin && !enabledAdminIds.some((id) => id !== target.id)) return "lastAdmin";
  return null;
}

/** The links that still mean something after a role change (a parent's children mean nothing to a teacher). */
export function linkKindFor(role: Role): LinkKind | null {
  if (role === "teacher") return "sheikh";
  if (role === "parent") return "student_lineage";
  return null;
}

/** Case-, accent- and spacing-insensitive match (Arabic hamza forms folded too) of a search against a person's names. */
export function matchesSearch(query: string, ...names: (string | null | undefined)[]): boolean {
  const needle = fold(query);
  if (!needle) return true;
  return names.some((name) => name && fold(name).includes(needle));
}

function fold(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/[\s\-'’ʿʾ_.]+/g, "")
    .toLowerCase();
}
