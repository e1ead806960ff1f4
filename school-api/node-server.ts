import "server-only";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { clientAddress, proxyTrustFromEnv } from "@/lib/security/client-address";
import { handleAdmin } from "./admin-http";
import type { SchoolApi } from "./runtime";

export type RunningServer = { url: string; origin: string; adminUrl: string; close: () => Promise<void> };

/** Rebuilds a Fetch Request keeping repeated headers (Node drops a second Authorization otherwise). */
function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (req as unknown as ReadableStream) : undefined,
    duplex: "half",
  } as RequestInit);
}

/** Serves the same handler as the Next.js route, on 127.0.0.1, for tests and tools. */
export async function startSchoolApiServer({
  api,
  port = 0,
}: {
  api: SchoolApi;
  port?: number;
}): Promise<RunningServer> {
  let origin = "";
  const server = createServer(async (req, res) => {
    try {
      const request = toRequest(req, origin);
      const response =
        new URL(request.url).pathname === "/api/school-admin"
          ? await handleAdmin(request, api.database.db)
          : await api.handle(request, {
              clientIp: clientAddress(
                req.socket.remoteAddress,
                request.headers.get("x-forwarded-for"),
                proxyTrustFromEnv(),
              ),
            });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "internal_error", message: "Unexpected server error" } }));
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/api/v1`,
    adminUrl: `${origin}/api/school-admin`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
