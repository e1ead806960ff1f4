import { describe, expect, it } from "vitest";
import { createLogger, logLevelFrom } from "./log";
import { enterRequest, noteActor, requestContext } from "./request-context";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    "debug",
  );
  return { log, lines, text: () => JSON.stringify(lines) };
}

describe("structured logs (README: what a line may contain)", () => {
  it("censors every field that could carry a person's data or a credential, at the top and one level down", () => {
    const { log, text } = memoryLogger();
    const person = {
      email: "parent@school.org",
      name: "Zaynab Ali",
      password: "hunter2",
      note: "struggles at home",
      apiKey: "live_key_1",
      cookie: "authjs.session-token=abc",
    };
    log.info(
      {
        kind: "test",
        ...person,
        user: person,
        headers: { authorization: "Bearer live_key_1" },
        body: { full_name: "Zaynab Ali" },
      },
      "line",
    );
    for (const secret of [
      "parent@school.org",
      "Zaynab Ali",
      "hunter2",
      "struggles at home",
      "live_key_1",
      "authjs.session-token",
    ])
      expect(text()).not.toContain(secret);
    expect(text()).toContain("[redacted]");
  });

  it("logs a thrown error by its kind and code only, never its message", () => {
    const { log, lines } = memoryLogger();
    const error = Object.assign(new Error('insert into "students" params: Zaynab Ali, parent@school.org'), {
      code: "22P05",
    });
    log.error({ kind: "test", err: error }, "failed");
    expect(lines[0]!.err).toEqual({ type: "Error", code: "22P05" });
  });

  it("puts the request's id, and the person's and school's ids once known, on every line of the request", async () => {
    const { log, lines } = memoryLogger();
    await new Promise<void>((resolve) =>
      setImmediate(async () => {
        enterRequest({ requestId: "req-1" });
        log.info("before sign-in");
        noteActor("usr_1", "alnoor");
        await Promise.resolve();
        log.info("after");
        resolve();
      }),
    );
    log.info("outside");
    expect(lines.map((line) => [line.msg, line.reqId, line.userId, line.connectionId])).toEqual([
      ["before sign-in", "req-1", undefined, undefined],
      ["after", "req-1", "usr_1", "alnoor"],
      ["outside", undefined, undefined, undefined],
    ]);
    expect(requestContext()).toBeUndefined();
  });

  it("takes LOG_LEVEL, refusing an unknown one", () => {
    expect(logLevelFrom({})).toBe("info");
    expect(logLevelFrom({ LOG_LEVEL: "WARN" })).toBe("warn");
    expect(() => logLevelFrom({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of/);
  });
});
