/**
 * What a write changed, kept with its audit entry: `changes` per field and `marks` per student,
 * each as [before, after] (null: nothing before, e.g. a student not marked yet).
 */
export type ChangePairs = Record<string, [unknown, unknown]>;

const PAIR_KEYS = ["changes", "marks"] as const;

const pairsOf = (value: unknown): ChangePairs =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as ChangePairs) : {};

/**
 * The details of one entry that absorbs a later write of the same sitting (a register saved tap by
 * tap is one entry): each field or student keeps its first "before" and takes the latest "after";
 * one that came back to where it started is no change and is dropped. `saves` counts the writes.
 */
export function mergeChangeDetails(
  earlier: Record<string, unknown> | null,
  later: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...earlier, ...later };
  for (const key of PAIR_KEYS) {
    const before = pairsOf(earlier?.[key]);
    const after = pairsOf(later?.[key]);
    if (!Object.keys(before).length && !Object.keys(after).length) continue;
    const pairs: ChangePairs = { ...before };
    for (const [name, [from, to]] of Object.entries(after))
      pairs[name] = [name in before ? before[name]![0] : from, to];
    for (const [name, [from, to]] of Object.entries(pairs))
      if (JSON.stringify(from) === JSON.stringify(to)) delete pairs[name];
    merged[key] = pairs;
  }
  merged.saves = (typeof earlier?.saves === "number" ? earlier.saves : 1) + 1;
  return merged;
}

/** The details as recorded: pairs whose before and after are the same say nothing and are left out. */
export function withoutUnchanged(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!details) return details;
  const out: Record<string, unknown> = { ...details };
  for (const key of PAIR_KEYS) {
    if (!(key in details)) continue;
    out[key] = Object.fromEntries(
      Object.entries(pairsOf(details[key])).filter(([, [from, to]]) => JSON.stringify(from) !== JSON.stringify(to)),
    );
  }
  return out;
}

/** Field changes between a record and the body that updates it: only fields the body names and that differ. */
export function fieldChanges(before: Record<string, unknown>, body: Record<string, unknown>): ChangePairs {
  const pairs: ChangePairs = {};
  for (const [field, to] of Object.entries(body)) {
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to ?? null)) pairs[field] = [from, to ?? null];
  }
  return pairs;
}
