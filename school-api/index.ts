/**
 * The embedded School API's face to the dashboard: the API in this process (its routes at
 * app/api/v1 and app/api/school-admin, the start's warm-up, readiness) and the admin RPC's handler.
 * Outside school-api/ only its entry files are imported (eslint.config.mjs, `house/school-api-face`):
 * this one; `seed-facts` (what may be relied on about the demo, free of server-only); `operations`
 * (the operator's scripts, tests). Its test support, tests/support/school-api/*, reaches inside.
 */
export { createSchoolApi, embeddedSchoolApi, embeddedSchoolDatabase, type SchoolApi } from "./runtime";
export { handleAdmin } from "./admin-http";
