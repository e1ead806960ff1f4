import "server-only";

/**
 * What the operator's scripts run against the embedded API's own store (`npm run school-api`,
 * scripts/large-school.ts): open it, seed the demo, grow a large school, the admin RPC's operations.
 */
export { databaseOptionsFromEnv, openDatabase, type Database, type Db } from "./db/client";
export { ApiError } from "./errors";
export { seedDemo } from "./seed/demo";
export { generateSchool } from "./seed/generate";
export { listSchools, setSchoolPolicy } from "./admin";
export { runAdminOp } from "./admin-http";
