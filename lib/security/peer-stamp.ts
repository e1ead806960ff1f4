import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { observeHttpRequest } from "@/lib/ops/metrics";
import { acceptableRequestId, enterRequest } from "@/lib/ops/request-context";
import {
  isTrustedProxy,
  markPeerStampInstalled,
  PEER_HEADER,
  peerStampInstalled,
  proxyTrustFromEnv,
} from "./client-address";
import { LINGER_MS } from "./body-limit";
import { BAD_QUERY_HEADER, edgeDecision, refusedUrl } from "./edge-guard";

type RequestStart = { request: IncomingMessage; response: ServerResponse; socket: Socket };

/**
 * Next.js keeps a client's own `X-Forwarded-For` and drops the socket address, and route handlers
 * never see the socket. Node announces every request on this channel before Next.js reads it, so
 * the socket's address is written into a header of our own, replacing any value a client sent.
 * The same moment is the only one before Next.js parses the method, the path and the body: the
 * edge guard's refusals are routed to /api/refused/<reason>, and the connection is closed after
 * the answer rather than read to the end of a body nobody will use (closing lingering, as every
 * connection does: `closeLingering`).
 */
export function installPeerStamp(): void {
  if (peerStampInstalled()) return;
  subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as RequestStart;
    request.headers[PEER_HEADER] = socket.remoteAddress ?? "";
    tagRequest(request, response, socket);
    closeLingering(socket);
    delete request.headers[BAD_QUERY_HEADER];
    const decision = edgeDecision(request.method ?? "", request.url ?? "/", request.headers);
    if ("refuse" in decision) {
      request.method = "GET";
      request.url = refusedUrl(decision);
      response.shouldKeepAlive = false;
      return;
    }
    request.url = decision.url;
    if (decision.badQuery) request.headers[BAD_QUERY_HEADER] = decision.badQuery;
  });
  markPeerStampInstalled();
}

/**
 * The request's id, for its log lines (lib/ops/log.ts) and its answer's `X-Request-Id`: a trusted
 * proxy's own id (TRUSTED_PROXIES), else a new one; and its duration and status for the metrics.
 */
function tagRequest(request: IncomingMessage, response: ServerResponse, socket: Socket): void {
  const fromProxy = isTrustedProxy(socket.remoteAddress, proxyTrustFromEnv())
    ? acceptableRequestId(request.headers["x-request-id"])
    : null;
  const requestId = fromProxy ?? randomUUID();
  request.headers["x-request-id"] = requestId;
  response.setHeader("x-request-id", requestId);
  enterRequest({ requestId });
  observeHttpRequest(request, response);
}

const lingering = new WeakSet<Socket>();

/**
 * Node closes a connection that is not kept alive (a refusal, an answer sent before its body was
 * read) with `destroySoon` once the answer is written; here it closes lingering (LINGER_MS).
 */
function closeLingering(socket: Socket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = function destroySoon(this: Socket) {
    this.end();
    const deadline = setTimeout(() => this.destroy(), LINGER_MS);
    deadline.unref();
    this.once("close", () => clearTimeout(deadline));
  };
}
