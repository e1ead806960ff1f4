import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup, expect } from "@playwright/test";
import { DEMO, DEMO_ROLES, signIn, storageStateFor } from "./fixtures";

/**
 * Signs each demo role in once, through the real login form, and saves the browser state that the
 * role fixtures of e2e/fixtures.ts reuse. The desktop and tablet projects depend on this project.
 */
for (const role of DEMO_ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    // The first sign-in of a fresh server also creates the demo accounts (slow hashes, API reads).
    setup.setTimeout(120_000);
    await page.goto("/login");
    await signIn(page, DEMO.accounts[role]);
    await expect(page).toHaveURL(role === "parent" ? /\/family$/ : /admin/i.test(role) ? /\/admin$/ : /\/today$/, {
      timeout: 90_000,
    });
    const file = storageStateFor(role);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.context().storageState({ path: file });
  });
}
