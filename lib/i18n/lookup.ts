/** The string at a dotted path of a catalogue (or of a part of one), if there is one. */
export function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Parts of a catalogue laid over others (a nested provider's over its parent's): the later part wins where both hold a string. */
export function mergeParts<T extends object>(under: T, over: T): T {
  const merged: Record<string, unknown> = { ...(under as Record<string, unknown>) };
  for (const [name, value] of Object.entries(over)) {
    const below = merged[name];
    merged[name] = isNode(below) && isNode(value) ? mergeParts(below, value) : value;
  }
  return merged as T;
}

const isNode = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
