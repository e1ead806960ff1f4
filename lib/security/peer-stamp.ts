import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { markPeerStampInstalled, PEER_HEADER, peerStampInstalled } from "./client-address";

type RequestStart = { request: IncomingMessage; socket: Socket };

/**
 * Next.js keeps a client's own `X-Forwarded-For` and drops the socket address, and route handlers
 * never see the socket. Node announces every request on this channel before Next.js reads it, so
 * the socket's address is written into a header of our own, replacing any value a client sent.
 */
export function installPeerStamp(): void {
  if (peerStampInstalled()) return;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as RequestStart;
    request.headers[PEER_HEADER] = socket.remoteAddress ?? "";
  });
  markPeerStampInstalled();
}
