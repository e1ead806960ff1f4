/**
 * A server action's arguments arrive as React's reply format: JSON whose `$`-strings are either plain
 * values (`$$` an escaped dollar, `$D` a date, `$n` a bigint, `$undefined`, …) or references to other
 * parts of the body (`$1`, `$Q9` a Map, `$@3` a promise, `$B2` a blob, typed arrays, streams). A
 * reference to a part that was never sent leaves React waiting, then failing with "Connection closed":
 * a 500 and a stack trace anyone could cause. The proxy checks the references before Next.js decodes.
 */
const PLAIN = /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n|K|T|H)/;
const REFERENCE = /^\$(?:[@hQWiABRrXxOoUSsLlGgMmV])?([0-9a-f]+)(?::|$)/;

/** The first reference to a part that is not in `parts` (null when every reference is answered). */
export function missingReference(model: unknown, parts: ReadonlySet<string>): string | null {
  const stack: unknown[] = [model];
  let seen = 0;
  while (stack.length > 0 && seen++ < 100_000) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (!value.startsWith("$") || PLAIN.test(value)) continue;
      const part = REFERENCE.exec(value)?.[1];
      if (part === undefined || !parts.has(String(parseInt(part, 16)))) return value.slice(0, 20);
    } else if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") stack.push(...Object.values(value));
  }
  return null;
}

/**
 * Deeper than any form of this app sends (its deepest, the import's rows, is 4 levels): React decodes
 * a reply by recursion, and 5,000 nested `[` (10 KB) overflowed its stack, a 500 with a stack trace.
 */
export const MAX_REPLY_DEPTH = 32;

/** Whether a parsed reply nests arrays and objects deeper than `MAX_REPLY_DEPTH` (walked without recursion). */
export function nestedTooDeep(model: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value: model, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_REPLY_DEPTH) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value))
      stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Why one part of a reply cannot be decoded, or null. */
function partProblem(model: unknown, parts: ReadonlySet<string>): string | null {
  if (nestedTooDeep(model)) return `arguments nested deeper than ${MAX_REPLY_DEPTH} levels`;
  const missing = missingReference(model, parts);
  return missing ? `a reference to a part that was not sent (${missing})` : null;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why this action request cannot be decoded, or null. Reads the body (the proxy's own copy of it). */
export async function actionReplyProblem(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return "the body is not valid multipart form data";
    }
    const parts = new Set<string>();
    for (const name of form.keys()) if (/^\d+$/.test(name)) parts.add(name);
    for (const name of parts) {
      const value = form.get(name);
      const problem = typeof value === "string" ? partProblem(parsed(value), parts) : null;
      if (problem) return problem;
    }
    return null;
  }
  return partProblem(parsed(await request.text()), new Set(["0"]));
}
