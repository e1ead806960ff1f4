import { test as setup } from "@playwright/test";
import { DEMO_ROLES, signInAndSaveState } from "./fixtures";

/**
 * Signs each demo role in once, through the real login form, and saves the browser state that the
 * role fixtures of e2e/fixtures.ts reuse. The desktop and tablet projects depend on this project.
 */
for (const role of DEMO_ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    // The first sign-in of a fresh server also creates the demo accounts (slow hashes, API reads).
    setup.setTimeout(120_000);
    await signInAndSaveState(page, role);
  });
}
