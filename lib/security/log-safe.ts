/**
 * What a log line may say about an error: its kind and codes, never its message. A database
 * error's message carries the SQL and its parameters (names, notes); a failure's message may
 * quote input. README "Logs" says what a line may contain.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const parts = [error.name];
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = codeOf(current);
    if (code) parts.push(`code=${code}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return [...new Set(parts)].join(" ");
}

/** A failure's or database error's code when it is a short token (a code of FAILURE_KINDS, `22P05`): safe to log. */
export function codeOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("code" in value)) return undefined;
  const code = value.code;
  return typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
}
