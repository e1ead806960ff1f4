import { inject } from "vitest";

const setupError = inject("conformanceSetupError");
if (setupError) throw new Error(`The embedded School API did not start, so this file cannot run:\n${setupError}`);

// Runs before each conformance test file is imported, so the suite reads its target from env
// whether it runs here against the embedded server or against an external one.
Object.assign(process.env, inject("conformanceEnv"));
