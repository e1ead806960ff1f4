import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteThread, type PgliteLike } from "./pglite-thread";

/**
 * PGlite in a worker thread keeps PGlite's semantics: one session, queries in order, a
 * transaction holding the session until it ends (others wait, nothing interleaves), a failed
 * transaction rolled back whole, and PostgreSQL's error fields on the error.
 */
let db: PgliteLike;

beforeAll(async () => {
  db = await openPgliteThread("memory://", []);
  await db.query("create table marks (id int primary key, note text, data bytea)");
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe("PGlite thread", () => {
  it("answers rows as objects or arrays, with parameters of any script and binary bytea", async () => {
    const bytes = Buffer.from(JSON.stringify({ name: "خطة ✨" }));
    await db.query("insert into marks (id, note, data) values ($1, $2, $3)", [1, "مراجعة 'x'", bytes]);
    const objects = await db.query("select id, note, convert_from(data, 'UTF8') as data from marks where id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, note: "مراجعة 'x'", data: '{"name":"خطة ✨"}' }]);
    const arrays = await db.query("select id, now() as at from marks where id = 1", [], {
      rowMode: "array",
      parsers: { 1184: (value) => value },
    });
    expect(arrays.rows[0]).toEqual([1, expect.stringMatching(/^\d{4}-\d\d-\d\d /)]);
  });

  it("keeps PostgreSQL's error fields (a unique violation is 23505 on its constraint)", async () => {
    const error = await db.query("insert into marks (id) values (1)").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "marks_pkey" });
  });

  it("lets no other query into a transaction, and rolls a failed one back whole", async () => {
    let inside = false;
    const seenInside: boolean[] = [];
    const transaction = db.transaction(async (tx) => {
      inside = true;
      await tx.query("insert into marks (id, note) values (10, 'a')");
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query("insert into marks (id, note) values (11, 'b')");
      inside = false;
    });
    // Sent while the transaction runs: answered after it ends, and sees both rows.
    const outside = db.query("select count(*)::int as n from marks where id in (10, 11)").then((result) => {
      seenInside.push(inside);
      return result.rows[0];
    });
    await transaction;
    expect(await outside).toEqual({ n: 2 });
    expect(seenInside).toEqual([false]);

    const failed = db.transaction(async (tx) => {
      await tx.query("insert into marks (id, note) values (20, 'kept?')");
      await tx.query("insert into marks (id) values (10)");
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    expect((await db.query("select count(*)::int as n from marks where id = 20")).rows).toEqual([{ n: 0 }]);
    // The session is usable after the rollback.
    expect((await db.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("refuses a parser that would change values, since it cannot run in the thread", async () => {
    await expect(db.query("select 1", [], { parsers: { 23: (value) => Number(value) * 2 } })).rejects.toThrow(
      /cannot cross/,
    );
  });
});
