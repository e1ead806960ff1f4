import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { captureLogs } from "@/lib/ops/log";
import { errorSummary } from "@/lib/security/log-safe";
import { openDatabase, type Database } from "./db/client";
import { createSchoolApi, type SchoolApi } from "./runtime";
import { seedDemo } from "./seed/demo";
import { DEMO_KEYS } from "./seed/demo-facts";

/** Issue 12 §4: input never makes a 500, and no log line carries what a person typed. */
const NAME = "Zaynab Secret-Name";
let database: Database;
let api: SchoolApi;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  api = createSchoolApi(database, { rateLimitPerMinute: 0 });
}, 120_000);
afterAll(async () => database?.close());
afterEach(() => vi.restoreAllMocks());

const send = (method: string, path: string, body?: unknown) =>
  api.handle(
    new Request(`http://127.0.0.1/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

describe("log hygiene", () => {
  it("a student with a year-0000 date or a NUL in the name is a 422 and logs nothing", async () => {
    const log = captureLogs();
    const halqas = (await (await send("GET", "/halqas?active=true")).json()) as { data: { id: string }[] };
    const halqaId = halqas.data[0]!.id;
    for (const body of [
      { halqa_id: halqaId, full_name: NAME, enrolled_on: "0000-01-01" },
      { halqa_id: halqaId, full_name: `${NAME}\u0000` },
      { halqa_id: `${halqaId}\u0000`, full_name: NAME },
    ]) {
      const response = await send("POST", "/students", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const query = await send("GET", `/students?updated_after=${encodeURIComponent("0000-01-01T00:00:00Z")}`);
    expect(query.status).toBe(400);
    log.restore();
    expect(log.text()).not.toContain(NAME);
    expect(log.lines).toEqual([]);
  });

  it("an unexpected database error is logged by kind and code, never by its SQL parameters", async () => {
    const log = captureLogs();
    const failure = new Error(`Failed query: insert into "students" values ($1)\nparams: ${NAME}`, {
      cause: Object.assign(new Error("boom"), { code: "22008" }),
    });
    vi.spyOn(database.db, "transaction").mockRejectedValueOnce(failure);
    const response = await send("PATCH", "/students/st_unknown", { full_name: NAME });
    expect(response.status).toBe(500);
    log.restore();
    const line = log.text();
    expect(line).toContain("updateStudent");
    expect(line).toContain("22008");
    expect(line).not.toContain(NAME);
    expect(errorSummary(failure)).toBe("Error code=22008");
  });
});
