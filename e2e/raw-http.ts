import http, { type IncomingHttpHeaders } from "node:http";

export type RawResponse = { status: number; headers: IncomingHttpHeaders; text: string; ms: number };

type Options = {
  headers?: Record<string, string>;
  /** Bytes sent as they are (with their Content-Length unless `headers` says otherwise). */
  body?: Buffer | string;
  /** Sends this many bytes in 1 MiB chunks without a Content-Length, stopping when an answer arrives. */
  streamBytes?: number;
  /** The client's address on loopback (127.0.0.2, 127.0.0.3, …: one machine, many "clients"). */
  localAddress?: string;
  port?: number;
};

/**
 * One request over a fresh connection, exactly as written: methods, paths and bodies a browser or
 * fetch() would refuse or rewrite (TRACE, `%FF` in a path, a declared length that is never sent).
 * Resolves on the answer, even while the body is still being sent.
 */
export function rawRequest(method: string, path: string, options: Options = {}): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port: options.port ?? Number(process.env.E2E_PORT),
        method,
        path,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        answered = true;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, ms: Date.now() - started });
        });
        response.on("error", reject);
      },
    );
    // The server closes the connection after refusing a body that is still on its way: an error
    // after the answer arrived is expected; one before it is a failure of the test.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered) reject(new Error(`${method} ${path}: ${error.code ?? error.message} before any answer`));
    });
    if (options.streamBytes !== undefined) {
      const chunk = Buffer.alloc(1024 * 1024, 97);
      let sent = 0;
      // A chunk every few milliseconds, as a slow client would: an early answer is read as soon as it
      // arrives, before the server closes a connection that still has unread bytes on it.
      const pump = () => {
        if (answered || request.destroyed) return;
        if (sent >= options.streamBytes!) return void request.end();
        sent += chunk.length;
        if (request.write(chunk)) setTimeout(pump, 5);
        else request.once("drain", pump);
      };
      pump();
      return;
    }
    request.end(options.body);
  });
}

export function jsonOf(response: RawResponse): {
  error?: { code?: string; message?: string; details?: { fields?: Record<string, string> } };
} {
  try {
    return JSON.parse(response.text) as ReturnType<typeof jsonOf>;
  } catch {
    return {};
  }
}
