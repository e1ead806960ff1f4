import { test as setup } from "@playwright/test";
import { signInAndSaveState, type DemoRole } from "./fixtures";

/** Signs in, on the spec-only server, the roles e2e/spec-only.spec.ts uses, through the real login form. */
for (const role of ["admin", "parent"] satisfies DemoRole[]) {
  setup(`sign in as ${role} on the spec-only server`, async ({ page }) => {
    // The first sign-in of a fresh server also creates the demo accounts (slow hashes, API reads).
    setup.setTimeout(120_000);
    // An admin lands on the overview, a parent on the family home.
    await signInAndSaveState(page, role, "spec-only");
  });
}
