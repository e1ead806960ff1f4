import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * PGlite's PostgreSQL in a worker thread, behind the part of PGlite's interface that drizzle uses
 * (`query`, `transaction`, `close`). PGlite runs PostgreSQL compiled to WebAssembly in the thread
 * that calls it, so every query used to stop this server's JavaScript while PostgreSQL worked:
 * a 30-row attendance save spent about 0.7 ms there, on the thread that also answers every other
 * request. In a thread of its own, PostgreSQL works while this one goes on serving, as with a real
 * PostgreSQL server (`npm run bench -- api`, docs/scale.md).
 *
 * The semantics stay PGlite's: one session, queries answered one at a time in order; a
 * transaction holds the session from BEGIN to COMMIT or ROLLBACK, and other queries wait for it
 * (a query sent to the database itself from inside a transaction's callback would wait forever,
 * as it would in PGlite). Errors come back with PGlite's fields (`code`, `detail`, `constraint`…).
 */

type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
};
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Reply = { id: number; result?: Results; error?: Record<string, unknown> & { message: string } };
export type PgliteLike = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  transaction<T>(callback: (tx: Pick<PgliteLike, "query">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const WORKER_FILE = path.join(process.cwd(), "lib/pg/pglite-worker.mjs");

function errorOf(plain: Record<string, unknown> & { message: string }): Error {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

/** Opens PGlite on `dataDir` (or `memory://`) in a worker thread, with PostgreSQL settings (`name=value`). */
export async function openPgliteThread(dataDir: string, settings: string[] = []): Promise<PgliteLike> {
  if (!existsSync(WORKER_FILE)) {
    throw new Error(
      `PGlite's worker file is not at ${WORKER_FILE}: start the server from the project folder (the worker and the migrations are found from the working directory)`,
    );
  }
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, settings } });
  const waiting = new Map<number, { resolve: (result: Results) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> & { message: string } }) => {
      if (message.ready === undefined) return;
      worker.off("message", onMessage);
      if (message.ready) resolve();
      else reject(errorOf(message.error ?? { message: "PGlite did not start" }));
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
  worker.on("message", (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.error) entry.reject(errorOf(reply.error));
    else entry.resolve(reply.result!);
  });
  const fail = (error: Error) => {
    failure = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The PGlite thread stopped (exit code ${code})`)));

  // The thread keeps the process alive only while a query waits for it: an idle database never
  // holds a finished script or test open, and a query in flight is never cut short.
  worker.unref();
  const send = (message: Record<string, unknown>): Promise<Results> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (waiting.size === 0) worker.ref();
    return new Promise<Results>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  };
  const run = (sql: string, params?: unknown[], options?: QueryOptions) =>
    send({
      sql,
      params: params ?? [],
      rowMode: options?.rowMode,
      identityParsers: options?.parsers ? identityParsersOf(options.parsers) : undefined,
    });

  // One session: a transaction keeps it from BEGIN to its end; everything else queues behind.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = tail.then(work, work);
    tail = turn.catch(() => undefined);
    return turn;
  };

  return {
    query: (sql, params, options) => exclusive(() => run(sql, params, options)),
    transaction: (callback) =>
      exclusive(async () => {
        await run("BEGIN");
        try {
          const result = await callback({ query: run });
          await run("COMMIT");
          return result;
        } catch (error) {
          await run("ROLLBACK").catch(() => undefined);
          throw error;
        }
      }),
    close: () =>
      exclusive(async () => {
        if (!failure) await send({ op: "close" });
        await worker.terminate();
      }),
  };
}

/**
 * drizzle passes parsers that keep date and time values as the database's text (identity
 * functions); a function cannot cross to the thread, so their type ids go instead. Any other
 * parser would be silently lost there: refused.
 */
function identityParsersOf(parsers: NonNullable<QueryOptions["parsers"]>): number[] {
  const ids = Object.keys(parsers).map(Number);
  for (const id of ids) {
    if (parsers[id]!("x", id) !== "x")
      throw new Error(`The PGlite thread only keeps values as text; a parser for type ${id} cannot cross to it`);
  }
  return ids;
}
