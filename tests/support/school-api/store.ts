import "server-only";

/**
 * Test and bench support: the embedded API's store opened and seeded by hand (for tests that start
 * the server themselves, several instances over one store, or write rows the API cannot), the
 * API over it, and the seed's random source.
 */
export * from "../operations";
export { createSchoolApi, type SchoolApi } from "../runtime";
export { startSchoolApiServer, type RunningServer } from "../node-server";
export * from "../db/schema";
export { hashKey } from "../key-hash";
export { createRng } from "../seed/random";
