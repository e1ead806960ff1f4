/**
 * Issue 12.1: X-Forwarded-For from anyone moved network control. The Next.js route of the embedded
 * API is served over real HTTP with the socket stamp Next.js gets from instrumentation.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/[...path]/route";
import {
  setSchoolPolicy,
  listSchools,
  openDatabase,
  seedDemo,
  createSchoolApi,
} from "@/tests/support/school-api/store";
import { installPeerStamp } from "@/lib/security/peer-stamp";
import { DEMO_KEYS } from "@/school-api/seed-facts";

let server: Server;
let base = "";
let close: () => Promise<void>;

beforeAll(async () => {
  delete process.env.SCHOOL_API_URL;
  const database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  const arqam = (await listSchools(database.db)).find((school) => school.name === "Dar Al-Arqam");
  await setSchoolPolicy(database.db, arqam!.id, { allowedNetworks: ["10.20.0.0/16"] });
  (globalThis as { __embeddedSchoolApi?: Promise<unknown> }).__embeddedSchoolApi = Promise.resolve(
    createSchoolApi(database),
  );
  installPeerStamp();
  server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await GET(new Request(new URL(req.url ?? "/", base), { headers }));
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  };
}, 120_000);

afterAll(async () => {
  delete process.env.TRUSTED_PROXIES;
  (globalThis as { __embeddedSchoolApi?: unknown }).__embeddedSchoolApi = undefined;
  await close();
});

const school = (headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/school`, { headers: { authorization: `Bearer ${DEMO_KEYS.arqamAdmin}`, ...headers } });

describe("network control and X-Forwarded-For", () => {
  it("refuses a request from outside the school's networks, whatever X-Forwarded-For claims", async () => {
    expect((await school()).status).toBe(403);
    const forged = await school({ "x-forwarded-for": "10.20.1.5" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: "network_denied" } });
    // A client cannot set the socket stamp either.
    expect((await school({ "x-halqa-peer-address": "10.20.1.5" })).status).toBe(403);
  });

  it("believes X-Forwarded-For from a proxy the operator named", async () => {
    process.env.TRUSTED_PROXIES = "127.0.0.1";
    expect((await school({ "x-forwarded-for": "10.20.1.5" })).status).toBe(200);
    expect((await school({ "x-forwarded-for": "192.0.2.4" })).status).toBe(403);
    process.env.TRUSTED_PROXIES = "1";
    expect((await school({ "x-forwarded-for": "6.6.6.6, 10.20.1.5" })).status).toBe(200);
    delete process.env.TRUSTED_PROXIES;
  });
});
