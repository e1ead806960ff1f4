import "server-only";

/**
 * Test and bench support: the embedded API's store opened and seeded by hand (for tests that start
 * the server themselves, several instances over one store, or write rows the API cannot), the
 * API over it, and the seed's random source.
 */
export * from "@/school-api/operations";
export { createSchoolApi, type SchoolApi } from "@/school-api/runtime";
export { startSchoolApiServer, type RunningServer } from "@/school-api/node-server";
export * from "@/school-api/db/schema";
export { hashKey } from "@/school-api/key-hash";
export { createRng } from "@/school-api/seed/random";
