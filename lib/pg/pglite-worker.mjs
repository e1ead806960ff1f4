// The PGlite thread (lib/pg/pglite-thread.ts): PGlite's PostgreSQL in a worker thread of its own,
// answering one query at a time in the order they come. Plain JavaScript, loaded by path, so that
// Next.js, vitest and tsx all start the same file.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

const { dataDir, settings } = workerData;

/** As lib/pg/open.ts: a `bytea` parameter travels as binary (its raw bytes). */
const binaryBytea = (value) => {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return value;
};
const identity = (value) => value;

const startParams = [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ["-c", setting])];
const db = new PGlite(dataDir, { startParams, serializers: { [types.BYTEA]: binaryBytea } });

/** An error as plain data: its message, name and every field PGlite sets (code, detail, constraint…). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error" };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (
      value === undefined ||
      typeof value === "function" ||
      (typeof value === "object" && value !== null && !Array.isArray(value))
    )
      continue;
    fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name, stack: error.stack };
}

async function answer(message) {
  if (message.op === "close") {
    await db.close();
    return { closed: true };
  }
  const parsers = message.identityParsers
    ? Object.fromEntries(message.identityParsers.map((oid) => [oid, identity]))
    : undefined;
  const result = await db.query(message.sql, message.params ?? [], { rowMode: message.rowMode, parsers });
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

db.waitReady.then(
  () => {
    parentPort.on("message", (message) => {
      answer(message).then(
        (result) => parentPort.postMessage({ id: message.id, result }),
        (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
      );
    });
    parentPort.postMessage({ ready: true });
  },
  (error) => parentPort.postMessage({ ready: false, error: plainError(error) }),
);
