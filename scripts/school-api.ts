/**
 * The embedded school's own application, from the command line: demo seed, benchmark schools,
 * and the staff operations the API does not offer (learning plans are read-only in v1).
 *
 *   npm run school-api -- help
 *
 * Admin operations go over HTTP to a running server (`--url`, default http://localhost:3000) with
 * the admin token from SCHOOL_ADMIN_TOKEN or .data/school-admin-token, or straight to the
 * database with `--direct`. `seed` and `generate` always use the database directly
 * (SCHOOL_API_DATABASE_URL, else PGlite under SCHOOL_API_DATA_DIR, default .data/school-api).
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";

type Flags = Record<string, string | true>;
type Kind = "number" | "boolean" | "json" | "list";

class UsageError extends Error {}
class OperationError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const KINDS: Record<string, Kind> = {
  fraction: "number",
  rateLimitPerMinute: "number",
  plans: "number",
  assignmentsPerPlan: "number",
  studentsPerHalqa: "number",
  students: "number",
  suspended: "boolean",
  writeRolloutEligible: "boolean",
  writeAccessEnabled: "boolean",
  learningPlansEnabled: "boolean",
  automationPaused: "boolean",
  segments: "json",
  tracks: "json",
  scopes: "list",
  sheikhIds: "list",
  allowedWriteScopes: "list",
  allowedNetworks: "list",
};

const COMMANDS: Record<string, { summary: string; example: string }> = {
  seed: { summary: "Seed the two demo schools unless they exist (database only)", example: "seed" },
  generate: {
    summary: "Add a large school for benchmarks, with a key holding every scope (database only)",
    example:
      'generate --plans 10000 --assignments-per-plan 10 --key bench_key_1 [--students-per-halqa 30] [--name "Big School"]',
  },
  "list-schools": { summary: "Schools with their ids and policies", example: "list-schools" },
  "replace-assignment": {
    summary: "Replace an assignment: the old one becomes superseded and links to the new one",
    example:
      'replace-assignment --assignment-id asg_… [--due-date 2025-03-01] [--status published] [--explanation "Shorter portion"] [--staff-note "…"] [--segments \'[{"order":1,"track_type":"new_memorization","range":{"start":{"surah":78,"ayah":1},"end":{"surah":78,"ayah":5}}}]\']',
  },
  "set-assignment-status": {
    summary: "Publish, start, complete, postpone or cancel an assignment",
    example: "set-assignment-status --assignment-id asg_… --status published",
  },
  "set-plan-status": {
    summary: "Set a plan's state (draft, active, paused, completed, cancelled)",
    example: "set-plan-status --plan-id pln_… --status paused",
  },
  "update-plan": {
    summary: "Edit a plan's name, target date or workload tracks",
    example:
      "update-plan --plan-id pln_… [--name \"Juz' Amma\"] [--target-completion-date 2025-06-30] [--tracks '[…]']",
  },
  "set-school-policy": {
    summary: "Suspension, rollout, write access, write scopes, networks, Learning Plans, plan policy",
    example:
      "set-school-policy --school-id sch_… [--suspended true] [--write-access-enabled false] [--allowed-write-scopes attendance:write,sessions:write|null] [--allowed-networks 10.0.0.0/8|null] [--learning-plans-enabled false] [--publication-policy automatic] [--automation-paused true]",
  },
  "set-halqa-plan-config": {
    summary: "Halqa-level plan policy (null inherits the school's)",
    example:
      "set-halqa-plan-config --halqa-id hlq_… [--publication-policy staff_review|null] [--automation-paused true|null]",
  },
  "set-student-plan-config": {
    summary: "Learner-level plan policy (null inherits the halqa's)",
    example:
      "set-student-plan-config --student-id stu_… [--publication-policy automatic|null] [--automation-paused false|null]",
  },
  "create-halqa": {
    summary: "Open a halqa in a semester, with the sheikhs who may teach it",
    example: 'create-halqa --semester-id sem_… --name "Evening circle" --sheikh-ids shk_…,shk_… [--description "…"]',
  },
  "set-sheikh-status": {
    summary: "Make a sheikh eligible (active) or not (on_leave, inactive)",
    example: "set-sheikh-status --sheikh-id shk_… --status inactive",
  },
  "create-api-key": {
    summary: "Issue a key; the secret is printed once",
    example:
      'create-api-key --school-id sch_… --name "Kiosk" --scopes attendance:read,attendance:write [--expires-at 2026-01-01T00:00:00.000Z] [--rate-limit-per-minute 600]',
  },
  "revoke-api-key": { summary: "Revoke a key now", example: "revoke-api-key --key-id key_…" },
  "list-api-keys": { summary: "A school's keys (never the secrets)", example: "list-api-keys --school-id sch_…" },
  "touch-plans": {
    summary: "Change a share of a school's plans, for sync benchmarks",
    example: "touch-plans --school-id sch_… --fraction 0.1",
  },
};

function help(): string {
  const lines = ["Usage: npm run school-api -- <command> [--flags]", "", "Commands:"];
  for (const [name, { summary, example }] of Object.entries(COMMANDS))
    lines.push(`  ${name.padEnd(24)} ${summary}`, `      npm run school-api -- ${example}`);
  lines.push(
    "",
    "Admin commands (all but seed and generate) call a running server:",
    "  --url <origin>   server to call (default $SCHOOL_ADMIN_URL or http://localhost:3000)",
    "  --direct         change the database directly instead (stop the dev server first when it uses PGlite)",
    "The admin token comes from $SCHOOL_ADMIN_TOKEN or .data/school-admin-token (written by the dev server).",
    "Flags take kebab-case names; `null` clears a nullable value; lists are comma-separated; --segments and --tracks take JSON.",
  );
  return lines.join("\n");
}

function parseCommandLine(argv: string[]): { command: string | undefined; flags: Flags } {
  const flags: Flags = {};
  let command: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? "";
    if (!token.startsWith("--")) {
      if (command) throw new UsageError(`unexpected argument "${token}" (flags look like --name value)`);
      command = token;
      continue;
    }
    const [rawName = "", inline] = token.slice(2).split(/=(.*)/s, 2);
    const name = rawName.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    if (!name) throw new UsageError(`empty flag "${token}"`);
    const next = argv[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (name === "direct" || name === "help" || next === undefined || next.startsWith("--")) flags[name] = true;
    else flags[name] = argv[++i] ?? "";
  }
  return { command, flags };
}

function convert(name: string, value: string | true): unknown {
  if (value === true) {
    if (KINDS[name] === "boolean") return true;
    throw new UsageError(`--${kebab(name)} needs a value`);
  }
  if (value === "null") return null;
  switch (KINDS[name]) {
    case "number":
      return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    case "boolean":
      return value === "true" ? true : value === "false" ? false : value;
    case "list":
      return value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    case "json":
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw new UsageError(`--${kebab(name)} must be JSON`);
      }
    default:
      return value;
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function argsOf(flags: Flags, skip: string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(flags)
      .filter(([name]) => !skip.includes(name))
      .map(([name, value]) => [name, convert(name, value)]),
  );
}

async function openFromEnv() {
  const { databaseOptionsFromEnv, openDatabase } = await import("../school-api/operations");
  const options = databaseOptionsFromEnv();
  if (options.dataDir && !options.dataDir.startsWith("memory://")) await mkdir(options.dataDir, { recursive: true });
  return openDatabase(options);
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openFromEnv>>["db"]) => Promise<T>): Promise<T> {
  const database = await openFromEnv();
  try {
    return await work(database.db);
  } catch (error) {
    const { ApiError } = await import("../school-api/operations");
    if (error instanceof ApiError) throw new OperationError(error.code, error.message, error.details);
    throw error;
  } finally {
    await database.close();
  }
}

async function seed(): Promise<unknown> {
  const { seedDemo } = await import("../school-api/operations");
  const { DEMO_KEYS } = await import("../school-api/seed-facts");
  const { listSchools } = await import("../school-api/operations");
  return withDatabase(async (db) => {
    const before = new Set((await listSchools(db)).map((school) => school.id));
    await seedDemo(db);
    const schools = (await listSchools(db)).map((school) => ({
      id: school.id,
      name: school.name,
      seeded: !before.has(school.id),
    }));
    return { schools, demo_keys: Object.values(DEMO_KEYS) };
  });
}

async function generate(flags: Flags): Promise<unknown> {
  const { generateSchool } = await import("../school-api/operations");
  const args = argsOf(flags, []);
  const started = performance.now();
  const result = await withDatabase((db) => generateSchool(db, args as Parameters<typeof generateSchool>[1]));
  return { ...result, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function adminToken(): Promise<string> {
  if (process.env.SCHOOL_ADMIN_TOKEN) return process.env.SCHOOL_ADMIN_TOKEN;
  const file = path.join(process.cwd(), ".data/school-admin-token");
  const token = await readFile(file, "utf8").then(
    (text) => text.trim(),
    () => "",
  );
  if (!token)
    throw new UsageError(
      `no admin token: set SCHOOL_ADMIN_TOKEN, or start the dev server once (it writes ${file}), or use --direct`,
    );
  return token;
}

async function overHttp(op: string, args: Record<string, unknown>, url: string | true | undefined): Promise<unknown> {
  if (url === true) throw new UsageError("--url needs a value, e.g. --url http://localhost:3000");
  const base = (url ?? process.env.SCHOOL_ADMIN_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  const endpoint = base.endsWith("/api/school-admin") ? base : `${base}/api/school-admin`;
  const token = await adminToken();
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ op, ...args }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    throw new UsageError(`could not reach ${endpoint}: is the server running (npm run dev)? Or use --direct.`);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: { code?: string; message?: string; details?: Record<string, unknown> };
  } | null;
  if (response.ok && body && "data" in body) return body.data;
  const error = body?.error;
  const hint =
    response.status === 404 && error?.message === "Not found"
      ? " (the admin surface is off there: it needs embedded mode and SCHOOL_ADMIN_TOKEN on the server)"
      : "";
  throw new OperationError(
    error?.code ?? `http_${response.status}`,
    `${error?.message ?? `HTTP ${response.status}`}${hint}`,
    error?.details,
  );
}

async function main(argv: string[]): Promise<number> {
  const { command, flags } = parseCommandLine(argv);
  if (!command || command === "help" || flags.help) {
    console.log(help());
    return command && command !== "help" && !COMMANDS[command] ? 2 : 0;
  }
  if (!COMMANDS[command]) throw new UsageError(`unknown command "${command}"; run: npm run school-api -- help`);
  let result: unknown;
  if (command === "seed") result = await seed();
  else if (command === "generate") result = await generate(flags);
  else if (flags.direct) {
    const { runAdminOp } = await import("../school-api/operations");
    result = await withDatabase((db) => runAdminOp(db, { op: command, ...argsOf(flags, ["direct", "url"]) }));
  } else result = await overHttp(command, argsOf(flags, ["direct", "url"]), flags.url);
  console.log(JSON.stringify(result, null, 2));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`school-api: ${error.message}`);
      process.exit(2);
    }
    if (error instanceof OperationError) {
      console.error(`school-api: ${error.code}: ${error.message}`);
      const fields = error.details?.fields;
      if (fields && typeof fields === "object")
        for (const [field, message] of Object.entries(fields))
          console.error(`  --${kebab(field.split(".")[0] ?? field)} (${field}): ${String(message)}`);
      process.exit(1);
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`school-api: unexpected failure: ${message}`);
    if (message.includes("Client Component"))
      console.error(
        "  run it with the react-server condition: node --conditions=react-server --import tsx scripts/school-api.ts …",
      );
    process.exit(1);
  },
);
