import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { readCappedBody } from "@/lib/security/body-limit";
import { payloadTooLarge } from "@/lib/web/api-error";
import { installPeerStamp } from "@/lib/security/peer-stamp";

/**
 * A server in a process of its own (as next start is) that refuses every body over 1 KiB:
 * "/unread" before reading a byte (the edge guard's refusals), any other path once the cap is passed
 * (a route handler's `readCappedBody`). Prints its port; stops when its parent does.
 */
function webRequest(req: IncomingMessage): Request {
  // As Next.js hands a route handler its body: the Node request itself, read as it arrives.
  return new Request(`http://127.0.0.1${req.url}`, {
    method: "POST",
    body: req as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);
}

installPeerStamp();
const server = createServer(async (req, res) => {
  const tooLarge = req.url === "/unread" || (await readCappedBody(webRequest(req), 1024)) === null;
  const answer = tooLarge ? payloadTooLarge(1024) : Response.json({});
  res.writeHead(answer.status, { "content-type": "application/json" });
  res.end(Buffer.from(await answer.arrayBuffer()));
});
server.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
process.stdin.on("end", () => process.exit(0)).resume();
