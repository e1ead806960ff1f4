/**
 * Parts of a catalogue laid over others (a nested provider's over its parent's, a language over
 * English): the later part wins where both hold a message. A message is a string, or an array once
 * compiled for the browser; only plain objects are merged.
 */
export function mergeParts<T extends object>(under: T, over: T): T {
  const merged: Record<string, unknown> = { ...(under as Record<string, unknown>) };
  for (const [name, value] of Object.entries(over)) {
    const below = merged[name];
    merged[name] = isNode(below) && isNode(value) ? mergeParts(below, value) : value;
  }
  return merged as T;
}

const isNode = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
