import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "@/e2e/raw-http";

/**
 * A body refused while the client is still sending it: the answer must reach the client. A socket
 * closed with unread bytes is reset, and the reset overtook the 413 about one time in four on the
 * production server (CI saw EPIPE "before any answer"), so connections close lingering
 * (lib/security/peer-stamp.ts, LINGER_MS). Over real HTTP, to a server in a process of its own.
 */
let server: ChildProcess;
let port = 0;

beforeAll(async () => {
  server = spawn("node_modules/.bin/tsx", ["tests/security/refusing-server.ts"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const [line] = (await once(server.stdout!, "data")) as [Buffer];
  port = Number(line.toString().trim());
}, 60_000);

afterAll(() => {
  server.stdin?.end();
});

describe("a refused body that is still on its way", () => {
  for (const path of ["/unread", "/capped"]) {
    it(`${path}: every client reads its 413`, async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const response = await rawRequest("POST", path, {
          port,
          headers: { "content-type": "application/json" },
          streamBytes: 64 * 1024 * 1024,
        }).catch((error: Error) => error.message);
        statuses.push(typeof response === "string" ? response : response.status);
      }
      expect(statuses.filter((status) => status !== 413)).toEqual([]);
    }, 60_000);
  }
});
