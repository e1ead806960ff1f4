import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";

/** public/sw.js run in a sandbox: a fake CacheStorage and network, its event listeners called directly. */
type Listener = (event: FakeEvent) => void;
type FakeEvent = {
  request?: Request;
  data?: unknown;
  respondWith: (r: Promise<Response>) => void;
  waitUntil: (p: Promise<unknown>) => void;
};

const ORIGIN = "https://school.example";
const source = readFileSync(path.join(process.cwd(), "public/sw.js"), "utf8");

class FakeCache {
  entries = new Map<string, Response>();
  async match(request: Request | string) {
    const response = this.entries.get(new URL(typeof request === "string" ? request : request.url, ORIGIN).pathname);
    return response?.clone();
  }
  async keys() {
    return [...this.entries.keys()].map((pathname) => new Request(`${ORIGIN}${pathname}`));
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(new URL(typeof request === "string" ? request : request.url, ORIGIN).pathname, response);
  }
}

/** A same-origin answer as a browser's fetch gives it (Node's Response says "default"). */
class SameOrigin extends Response {
  override get type(): ResponseType {
    return "basic";
  }
  override clone(): Response {
    const copy = super.clone();
    return new SameOrigin(copy.body, { status: copy.status, headers: copy.headers });
  }
}

function worker() {
  const stores = new Map<string, FakeCache>();
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new FakeCache()).get(name)!,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const listeners = new Map<string, Listener>();
  const net = { online: true, body: "page" };
  const fetch = async (input: Request | string) => {
    if (!net.online) throw new TypeError("Failed to fetch");
    void input;
    return new SameOrigin(net.body, { status: 200, headers: { "Content-Type": "text/html" } });
  };
  const self = {
    location: { origin: ORIGIN },
    clients: { claim: async () => undefined },
    skipWaiting: () => undefined,
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
  };
  runInNewContext(source, { self, caches, fetch, Response, Request, URL });

  const dispatch = async (type: string, init: { request?: Request; data?: unknown }) => {
    let responded: Promise<Response> | null = null;
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...init, respondWith: (r) => (responded = r), waitUntil: (p) => pending.push(p) });
    const response = await (responded as Promise<Response> | null);
    await Promise.all(pending);
    return response;
  };
  const navigate = (pathname: string) => {
    const request = new Request(`${ORIGIN}${pathname}`);
    Object.defineProperty(request, "mode", { value: "navigate" });
    return dispatch("fetch", { request });
  };
  return { stores, net, navigate, message: (data: unknown) => dispatch("message", { data }) };
}

describe("service worker", () => {
  let sw: ReturnType<typeof worker>;
  beforeEach(() => {
    sw = worker();
  });

  it("keeps a register per signed-in person and serves it when the network is gone", async () => {
    await sw.message({ type: "user", key: "a" });
    sw.net.body = "register of a";
    expect(await (await sw.navigate("/sessions/s1/live"))!.text()).toBe("register of a");
    sw.net.online = false;
    expect(await (await sw.navigate("/sessions/s1/live"))!.text()).toBe("register of a");
    expect([...sw.stores.keys()]).toContain("halqa-user-a");
  });

  it("never serves one person's pages to another, and forgets everything at sign-out", async () => {
    await sw.message({ type: "user", key: "a" });
    sw.net.body = "today of a";
    await sw.navigate("/today");
    await sw.message({ type: "user", key: "b" });
    expect([...sw.stores.keys()].filter((n) => n.startsWith("halqa-user-"))).toEqual([]);
    sw.net.online = false;
    const offline = (await sw.navigate("/today"))!;
    expect(offline.status).toBe(503);
    expect(await offline.text()).not.toContain("today of a");

    sw.net.online = true;
    await sw.navigate("/today");
    await sw.message({ type: "forget" });
    expect([...sw.stores.keys()].filter((n) => n.startsWith("halqa-user-") || n === "halqa-meta")).toEqual([]);
    sw.net.online = false;
    expect((await sw.navigate("/today"))!.status).toBe(503);
  });

  it("answers a page not kept, opened offline, with its own page in the person's language linking to the kept pages", async () => {
    const words = {
      lang: "ar",
      dir: "rtl",
      title: "أنت غير متصل",
      body: "هذه الصفحات محفوظة:",
      none: "لا شيء",
      retry: "حاول مرة أخرى",
    };
    await sw.message({ type: "user", key: "a", offline: words });
    sw.net.body = "<html><head><title>اليوم</title></head><body>today</body></html>";
    await sw.navigate("/today");
    sw.net.body = "<html><title>سجل الحضور &amp; الحلقة</title></html>";
    await sw.navigate("/sessions/s1/live");
    sw.net.online = false;
    const response = (await sw.navigate("/students"))!;
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("<h1>أنت غير متصل</h1>");
    expect(html).toContain('<li><a href="/today">اليوم</a></li>');
    expect(html).toContain('<li><a href="/sessions/s1/live">سجل الحضور &amp; الحلقة</a></li>');
    // A kept page opened offline is the kept copy, and the worker remembers it served one.
    expect(await (await sw.navigate("/today"))!.text()).toContain("today");
  });

  it("keeps nothing before it knows who is signed in, and only the pages a lesson needs", async () => {
    await sw.navigate("/today");
    expect(sw.stores.size).toBe(1); // only halqa-meta, read for the key
    await sw.message({ type: "user", key: "a" });
    expect((await sw.navigate("/students"))!.status).toBe(200);
    await sw.navigate("/admin/users");
    expect(sw.stores.get("halqa-user-a")?.entries.size ?? 0).toBe(0);
  });
});
