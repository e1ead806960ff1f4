import pino, { type Logger } from "pino";
import { codeOf } from "@/lib/security/log-safe";
import { requestContext } from "./request-context";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `LOG_LEVEL` (default info); anything else is refused at start (lib/ops/config-check.ts). */
export function logLevelFrom(env: Record<string, string | undefined> = process.env): LogLevel {
  const value = env.LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (it is '${env.LOG_LEVEL}')`);
  return value as LogLevel;
}

/**
 * README "Logs: what a line may contain", as code: fields that could carry a person's data or a
 * credential are censored wherever a caller puts them (two levels deep), and an error is logged by
 * its kind and code only, never its message (which may quote input or SQL).
 */
const SECRET_FIELDS = [
  "email",
  "name",
  "password",
  "note",
  "notes",
  "topic",
  "body",
  "apiKey",
  "key",
  "token",
  "authorization",
  "cookie",
  "headers",
];
export const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = codeOf(error);
  return { type: error.name, ...(code ? { code } : {}) };
}

export function createLogger(destination?: pino.DestinationStream, level: LogLevel = logLevelFrom()): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: errorFields },
    // The request's ids on every line it logs, wherever in the code the line is written.
    mixin: () => {
      const context = requestContext();
      return context ? { reqId: context.requestId, userId: context.userId, connectionId: context.connectionId } : {};
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination) return pino(options, destination);
  if (process.env.NODE_ENV === "development") return pino(options, prettyStream());
  return pino(options);
}

function prettyStream(): pino.DestinationStream {
  // Development only, and synchronous: no worker thread for Next's dev server to lose.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pretty = require("pino-pretty") as (options: object) => pino.DestinationStream;
  return pretty({ sync: true, ignore: "pid,hostname" });
}

const KEY = Symbol.for("halqa-dashboard.logger");
const holder = globalThis as typeof globalThis & { [KEY]?: Logger };

/** The process's logger. A line is `logger().warn({ kind: "plan_sync", code }, "text")`. */
export function logger(): Logger {
  // An invalid LOG_LEVEL stops the server at start (config-check); a script still logs at info.
  return (holder[KEY] ??= createLogger(undefined, safeLevel()));
}

function safeLevel(): LogLevel {
  try {
    return logLevelFrom();
  } catch {
    return "info";
  }
}

/** For tests: every line the process logs is kept (as JSON text) until `restore`. */
export function captureLogs(lines: string[] = []): { lines: string[]; text: () => string; restore: () => void } {
  const previous = holder[KEY];
  holder[KEY] = createLogger({ write: (line: string) => void lines.push(line) }, "trace");
  return { lines, text: () => lines.join(""), restore: () => void (holder[KEY] = previous) };
}
