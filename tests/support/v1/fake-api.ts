import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the fake server saw it; `rawHeaders` keeps duplicates that `headers` would merge. */
export type SeenRequest = {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
};

export type Reply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | { destroy: true };

export type FakeApi = {
  /** Ends in `/api/v1`, like a real base URL. */
  baseUrl: string;
  requests: SeenRequest[];
  reply(handler: (request: SeenRequest) => Reply | Promise<Reply>): void;
  close(): Promise<void>;
};

/** A tiny HTTP server on 127.0.0.1:0 standing in for a school's API; each test scripts its replies. */
export async function startFakeApi(): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  let handler: (request: SeenRequest) => Reply | Promise<Reply> = () => ({
    status: 500,
    json: { error: { code: "internal_error", message: "no reply scripted" } },
  });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", "http://fake"),
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(seen);
      void Promise.resolve(handler(seen)).then(async (reply) => {
        if ("destroy" in reply) {
          req.socket.destroy();
          return;
        }
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        const body = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
        const type = reply.text === undefined ? "application/json" : "text/html";
        res.writeHead(reply.status, { "content-type": type, ...reply.headers });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    reply(next) {
      handler = next;
    },
    close() {
      if (!server.listening) return Promise.resolve();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export const TS = "2025-01-01T08:00:00.000Z";

export const SCHOOL = {
  id: "sch_01jf8zq0000000000000000000",
  name: "Al-Noor Quran School",
  name_ar: "مدرسة النور لتحفيظ القرآن",
  time_zone: "Asia/Riyadh",
  rating_scale: [
    { value: 1, label: "Needs work", label_ar: "يحتاج إلى مراجعة" },
    { value: 5, label: "Excellent", label_ar: "ممتاز" },
  ],
  created_at: TS,
  updated_at: TS,
};

export function student(n: number) {
  return {
    id: `stu_${String(n).padStart(4, "0")}`,
    lineage_id: `lin_${n}`,
    semester_id: "sem_1",
    halqa_id: "hal_1",
    full_name: `Student ${n}`,
    preferred_name: null,
    status: "active",
    enrolled_on: "2024-09-01",
    created_at: TS,
    updated_at: TS,
  };
}

export const errorReply = (
  status: number,
  code: string,
  message = `${code} happened`,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): Reply => ({
  status,
  json: { error: { code, message, ...(details ? { details } : {}) } },
  headers,
});
