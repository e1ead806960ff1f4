import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "../scripts/bench/server";
import { DEMO_KEYS } from "../school-api/seed-facts";
import { DEMO } from "./fixtures";

/**
 * Issue 27.1: the demo exists only in embedded mode. A server configured for a real school (one URL,
 * or a connections file) has no embedded API, no school-admin surface, no demo accounts and no demo
 * hints; one configured with a public demo key does not start. Each leg starts its own `next start`
 * of this build; the school it names does not answer (a closed loopback port), as on a bad day.
 */
const NOWHERE = "http://127.0.0.1:2/api/v1";
const scratch = mkdtempSync(path.join(tmpdir(), "halqa-modes-"));
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Serial, each leg with a server of its own: a fresh store takes ~15 s to open on two busy cores.
test.describe.configure({ mode: "serial", timeout: 150_000 });

/** fetch, once more after a dropped connection (a kept-alive socket the server closed while idle). */
async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function realSchool(env: Record<string, string>) {
  return { AUTH_SECRET: "e2e-modes-secret-0123456789abcdef0123", ...env };
}

/** The README's defaults: startServer (made for the bench) turns the scheduler and the rate limit off. */
const DEFAULTS = { PLAN_SYNC_INTERVAL_MINUTES: "15", SCHOOL_API_RATE_LIMIT_PER_MINUTE: "6000" };

async function withServer(env: Record<string, string>, check: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await startServer(AbortSignal.timeout(90_000), { env: { ...DEFAULTS, ...env } });
  try {
    await check(server);
  } finally {
    await server.stop();
  }
}

async function expectNoDemo(server: RunningServer, page: import("@playwright/test").Page): Promise<void> {
  // Ready once the store is open, whatever the (unreachable) school: 503 "starting" before that.
  // A refused or dropped connection is another "not yet" (a loaded machine), not the end of the wait.
  await expect
    .poll(async () => (await send(`${server.origin}/api/ready`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
  const body = await (await send(`${server.origin}/api/ready`)).text();
  expect(body).not.toContain("127.0.0.1:2");
  expect(body).not.toMatch(/live_key|Bearer/);
  const demoKey = { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };
  expect((await send(`${server.origin}/api/v1/school`, { headers: demoKey })).status).toBe(404);
  expect(
    (
      await send(`${server.origin}/api/v1/students`, {
        method: "POST",
        headers: { ...demoKey, "Content-Type": "application/json" },
        body: "{}",
      })
    ).status,
  ).toBe(404);
  expect(
    (
      await send(`${server.origin}/api/school-admin`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      })
    ).status,
  ).toBe(404);
  await page.goto(`${server.origin}/login`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.content()).not.toContain(DEMO.password);
  await page.getByLabel("Email", { exact: true }).fill(DEMO.accounts.admin);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

test("default: the embedded demo answers with its public key", async () => {
  await withServer({}, async (server) => {
    const response = await send(`${server.origin}/api/v1/school`, {
      headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { name: string } }).data.name).toBe("Al-Noor Quran School");
  });
});

test("one URL: the demo is nowhere", async ({ page }) => {
  await withServer(realSchool({ SCHOOL_API_URL: NOWHERE, SCHOOL_API_KEY: "live_key_of_the_school" }), (server) =>
    expectNoDemo(server, page),
  );
});

test("a connections file: the demo is nowhere", async ({ page }) => {
  const file = path.join(scratch, "schools.json");
  writeFileSync(file, JSON.stringify([{ id: "noor", label: "Al-Noor", base_url: NOWHERE, api_key_env: "NOOR_KEY" }]));
  await withServer(realSchool({ SCHOOL_CONNECTIONS_FILE: file, NOOR_KEY: "live_key_of_noor" }), async (server) => {
    await expectNoDemo(server, page);
    const ready = (await (await send(`${server.origin}/api/ready`)).json()) as { connections: { id: string }[] };
    expect(ready.connections.map((c) => c.id)).toEqual(["noor"]);
  });
});

test("a demo key in a connections file: the server refuses to start and says why", async () => {
  const file = path.join(scratch, "demo-key.json");
  writeFileSync(
    file,
    JSON.stringify([{ id: "noor", label: "Al-Noor", base_url: NOWHERE, api_key: DEMO_KEYS.alnoorAdmin }]),
  );
  const started = startServer(AbortSignal.timeout(90_000), {
    env: { ...DEFAULTS, ...realSchool({ SCHOOL_CONNECTIONS_FILE: file }) },
  });
  await expect(started).rejects.toThrow(/the server exited[\s\S]*Connection 'noor' uses a key of the embedded demo/);
});

test("metrics: a 404 without the token, Prometheus text with it, figures of the requests just made", async () => {
  const token = "e2e-metrics-token-0123456789abcdef0123456789";
  await withServer({ METRICS_TOKEN: token }, async (server) => {
    for (const headers of [
      {},
      { Authorization: "Bearer wrong-token-0123456789abcdef0123456789ab" },
      { Authorization: token },
    ] as Record<string, string>[]) {
      expect((await send(`${server.origin}/api/metrics`, { headers })).status).toBe(404);
    }
    // Each answer read to its end: a request is counted when its answer is finished.
    const answered = async (path: string) => {
      const response = await send(`${server.origin}${path}`).catch(() => null);
      await response?.text();
      return response?.status ?? 0;
    };
    expect(await answered("/login")).toBe(200);
    // The landing page asks the school (GET /school) through the v1 client: a call the metrics count.
    await expect.poll(() => answered("/"), { timeout: 60_000 }).toBe(200);
    const response = await send(`${server.origin}/api/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{route="\/login",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/",method="GET"\} [1-9]/m);
    expect(text).toMatch(/^halqa_v1_calls_total\{connection="alnoor",operation="\w+",outcome="200"\} [1-9]/m);
    expect(text).toMatch(/^halqa_school_last_answer_timestamp_seconds\{connection="alnoor"\} \d/m);
    expect(text).toMatch(/^halqa_outbox_messages_waiting\{connection="alnoor"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).not.toContain("demo_");
  });
});

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
};
const spansOf = (bodies: string[]): OtlpSpan[] =>
  bodies.flatMap((body) =>
    (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap(
      (resource) => resource.scopeSpans.flatMap((scope) => scope.spans),
    ),
  );

test("traces: with OTEL_EXPORTER_OTLP_ENDPOINT, spans of requests and v1 calls reach a collector, URLs without their query", async () => {
  const received: string[] = [];
  const collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/v1/traces") received.push(body);
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const { port } = collector.address() as AddressInfo;
  // The sign-in page's request span: Next.js's span of the request, which ends after every span under it.
  const signInRequest = () => spansOf(received).find((span) => span.name === "GET /login");
  try {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "500",
      // Every trace, so that this test's few requests are among them (the default keeps one in ten:
      // lib/ops/tracing-setup.test.ts).
      OTEL_TRACES_SAMPLER: "always_on",
    };
    await withServer(env, async (server) => {
      await expect
        .poll(async () => (await send(`${server.origin}/`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
        .toBe(200);
      await (await send(`${server.origin}/login?next=%2Fstudents%3Fq%3DSecretSearchTerm`)).text();
      await expect.poll(() => received.join("\n"), { timeout: 30_000 }).toContain('"v1 getSchool"');
      await expect.poll(signInRequest, { timeout: 30_000 }).toBeDefined();
    });
    const all = received.join("\n");
    expect(all).toContain('"halqa.connection"');
    // Next.js's span of the request names its target: the path, its query dropped (lib/ops/tracing-setup.ts).
    expect(signInRequest()!.attributes).toContainEqual({ key: "http.target", value: { stringValue: "/login" } });
    // Next.js's bookkeeping is not recorded (lib/ops/tracing-setup.ts), and no span of the request is left
    // without its parent.
    const spans = spansOf(received);
    expect(spans.map((span) => span.name)).toContain("render route (app) /login");
    expect(spans.map((span) => span.name)).not.toContain("resolve page components");
    expect(spans.map((span) => span.name)).not.toContain("start response");
    const ids = new Set(spans.map((span) => span.spanId));
    for (const span of spans.filter((one) => one.traceId === signInRequest()!.traceId && one.parentSpanId))
      expect(ids, `${span.name}'s parent`).toContain(span.parentSpanId);
    expect(all).not.toContain("SecretSearchTerm");
    expect(all).not.toContain(DEMO_KEYS.alnoorAdmin);
  } finally {
    collector.close();
  }
});
