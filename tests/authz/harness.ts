/**
 * The authz suite's world: a real embedded School API with fresh demo data, over HTTP on 127.0.0.1,
 * and the dashboard's store in memory. lib/connections reaches the embedded schools at
 * 127.0.0.1:$PORT, so PORT is pointed at that server before any client is made.
 */
import { expect, inject } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Sheikh } from "@/lib/contract";
import { DEMO_KEYS } from "@/school-api/seed-facts";

/** The signed-in person: a file mocks `@/lib/auth/session` with `@/tests/support/auth/signed-in` and sets this. */
export { signedIn } from "@/tests/support/auth/signed-in";
export type { Actor };
export { DEMO_KEYS };

/**
 * Points this file's dashboard at the project's embedded School API (started by global-setup.ts).
 * Call before anything makes a client: lib/connections reads PORT once per connection.
 */
export function connectEmbeddedSchool(): string {
  const url = inject("authzSchoolApiUrl");
  delete process.env.SCHOOL_API_URL;
  delete process.env.SCHOOL_CONNECTIONS_FILE;
  process.env.DASHBOARD_DATA_DIR = "memory://";
  process.env.PORT = new URL(url).port;
  return url;
}

export const DEMO_EMAILS = {
  admin: "admin@alnoor.demo",
  teacher: "teacher@alnoor.demo",
  parent: "parent@alnoor.demo",
  arqamAdmin: "admin@arqam.demo",
} as const;

/** The demo accounts as the dashboard loads them, after `ensureDemoUsers()` linked them by API ids. */
export async function demoActors(): Promise<Record<keyof typeof DEMO_EMAILS, Actor>> {
  const { ensureDemoUsers } = await import("@/lib/auth/demo-users");
  const { findUserByEmail, loadActor } = await import("@/lib/auth/actor");
  await ensureDemoUsers();
  const load = async (email: string) => {
    const row = await findUserByEmail(email);
    const actor = row ? await loadActor(row.id) : null;
    if (!actor) throw new Error(`demo account ${email} is missing`);
    return actor;
  };
  const [admin, teacher, parent, arqamAdmin] = await Promise.all(Object.values(DEMO_EMAILS).map(load));
  return { admin: admin!, teacher: teacher!, parent: parent!, arqamAdmin: arqamAdmin! };
}

type Json = Record<string, unknown>;

/** Talks to the school's API directly with a demo key, as a test's independent observer. */
export function schoolApi(baseUrl: string, key: string) {
  async function request<T = Json>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as T };
  }
  async function data<T = Json>(path: string): Promise<T> {
    const { status, json } = await request<{ data: T }>("GET", path);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    return json.data;
  }
  /** Every item of a list, following cursors. */
  async function all<T = Json>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const separator: string = path.includes("?") ? "&" : "?";
      const { status, json }: { status: number; json: { data: T[]; pagination: { next_cursor: string | null } } } =
        await request("GET", `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
      items.push(...json.data);
      cursor = json.pagination.next_cursor;
    } while (cursor);
    return items;
  }
  return { request, data, all };
}

/**
 * Route handlers of the app over real HTTP on 127.0.0.1: each request (with its body) becomes a
 * `Request` for `handle`, and its `Response` is written back as it is.
 */
export async function serveRoutes(
  handle: (request: Request, url: URL) => Promise<Response>,
): Promise<{ base: string; close: () => Promise<void> }> {
  const { createServer } = await import("node:http");
  let base = "";
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", base);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await handle(
      new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body }),
      url,
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The files' common start: the embedded school connected, the demo accounts loaded, each school read with its admin key. */
export async function demoWorld() {
  const apiUrl = connectEmbeddedSchool();
  const actors = await demoActors();
  return {
    apiUrl,
    actors,
    alnoor: schoolApi(apiUrl, DEMO_KEYS.alnoorAdmin),
    arqam: schoolApi(apiUrl, DEMO_KEYS.arqamAdmin),
  };
}

/** demoWorld with Al-Noor's progress synced into the store, and the demo teacher's sheikh as the school has it. */
export async function syncedDemoWorld() {
  const world = await demoWorld();
  const { syncProgress } = await import("@/lib/features/progress/sync");
  expect((await syncProgress("alnoor")).status).toBe("completed");
  const sheikhId = world.actors.teacher.sheikhIds[0]!;
  return { ...world, teacherSheikh: await world.alnoor.data<Sheikh>(`/sheikhs/${encodeURIComponent(sheikhId)}`) };
}
