import { describe, expect, it } from "vitest";
import { as, dataOf, expectError, explain } from "./http";
import { keys, lacks } from "./target";

/**
 * Spec rule 6 and part 8: `/surahs` is the whole bounded collection (114, no pagination, no
 * filters); `/surahs/{number}` takes 1 to 114. docs/contract.md: outside 1-114 is 404
 * not_found, a non-numeric number is 400 bad_request.
 */

type Surah = {
  number: number;
  ayah_count: number;
  name_arabic: string;
  name_transliteration: string;
  name_english: string;
};

describe.skipIf(lacks("admin"))("surahs", () => {
  const client = as(keys.admin);

  it("GET /surahs returns all 114 in one response, with no pagination", async () => {
    const response = await client.get("/surahs");
    const surahs = dataOf<Surah[]>(response);
    expect(surahs).toHaveLength(114);
    expect(Object.keys(response.json as object)).toEqual(["data"]);
    expect(surahs.map((surah) => surah.number)).toEqual(Array.from({ length: 114 }, (_, index) => index + 1));
  });

  it("ayah counts are the real ones (6236 in all; Al-Fatiha 7, Al-Baqarah 286, An-Nas 6)", async () => {
    const surahs = dataOf<Surah[]>(await client.get("/surahs"));
    expect(surahs[0]?.ayah_count).toBe(7);
    expect(surahs[1]?.ayah_count).toBe(286);
    expect(surahs[113]?.ayah_count).toBe(6);
    expect(surahs.reduce((sum, surah) => sum + surah.ayah_count, 0)).toBe(6236);
  });

  it("GET /surahs/2 is Al-Baqarah with 286 ayahs and equals its entry in the list", async () => {
    const one = dataOf<Surah>(await client.get("/surahs/2"));
    expect(one.number).toBe(2);
    expect(one.ayah_count).toBe(286);
    const list = dataOf<Surah[]>(await client.get("/surahs"));
    expect(one).toEqual(list[1]);
  });

  it.for(["1", "114"])("GET /surahs/%s is found", async (number) => {
    expect(dataOf<Surah>(await client.get(`/surahs/${number}`)).number).toBe(Number(number));
  });

  it.for(["0", "115", "999"])("GET /surahs/%s is 404 not_found", async (number) => {
    expectError(await client.get(`/surahs/${number}`), 404, "not_found");
  });

  it.for(["abc", "one", "1a", "%20"])("GET /surahs/%s is 400 bad_request", async (number) => {
    expectError(await client.get(`/surahs/${number}`), 400, "bad_request");
  });

  it.for([
    { limit: 10 },
    { cursor: "abc" },
    { page: 1 },
    { revelation_place: "meccan" },
    { updated_after: "2020-01-01T00:00:00.000Z" },
  ])("GET /surahs with %o is 400 bad_request", async (query) => {
    expectError(await client.get("/surahs", query), 400, "bad_request");
  });

  it("GET /surahs/1 with a query parameter is 400 bad_request", async () => {
    expectError(await client.get("/surahs/1", { limit: 1 }), 400, "bad_request");
  });

  it("the surah list is the same for every school", async (context) => {
    if (!keys.otherSchool) return context.skip("no other school key");
    const [mine, theirs] = await Promise.all([client.get("/surahs"), as(keys.otherSchool).get("/surahs")]);
    expect(mine.json, explain(theirs)).toEqual(theirs.json);
  });
});
