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

/** Whether an error comes from the database: its message (or its cause's) may quote the SQL's parameters, rows' content. */
export function fromDatabase(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current.name === "DrizzleQueryError" || current.message.startsWith("Failed query:")) return true;
    // A SQLSTATE: five digits and capitals, with a digit (22007, 23505, XX000); not EPERM or EBADF.
    if (/^(?=.*\d)[0-9A-Z]{5}$/.test(codeOf(current) ?? "")) return true;
    current = current.cause;
  }
  return false;
}

/**
 * What the command line prints of an error, under the server log's rule: its own refusals and
 * checks in full (they say what to do), a database error by its kind and code only (a failed
 * restore's message held every row of its batch: names, e-mails, password hashes).
 */
export function commandLineMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!fromDatabase(error)) return error.message;
  return `the database refused it (${errorSummary(error)}); the rows it was writing are not printed`;
}
