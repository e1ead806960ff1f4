// Unit tests start from the developer's environment, not from what the conformance globalSetup
// put into the main process for its embedded server (workers inherit that process's env).
const ADMIN_TOKEN_MARKER = "CONFORMANCE_SETUP_MADE_ADMIN_TOKEN";

if (process.env[ADMIN_TOKEN_MARKER] === "1") {
  delete process.env.SCHOOL_ADMIN_TOKEN;
  delete process.env[ADMIN_TOKEN_MARKER];
}
