import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup, expect } from "@playwright/test";
import { DEMO, signIn, storageStateFor, type DemoRole } from "./fixtures";

/** Signs in, on the spec-only server, the roles e2e/spec-only.spec.ts uses, through the real login form. */
for (const role of ["admin", "parent"] satisfies DemoRole[]) {
  setup(`sign in as ${role} on the spec-only server`, async ({ page }) => {
    // The first sign-in of a fresh server also creates the demo accounts (slow hashes, API reads).
    setup.setTimeout(120_000);
    await page.goto("/login");
    await signIn(page, DEMO.accounts[role]);
    // An admin lands on the overview, a parent on the family home.
    await expect(page).toHaveURL(role === "parent" ? /\/family$/ : /\/admin$/, { timeout: 90_000 });
    const file = storageStateFor(role, "spec-only");
    mkdirSync(path.dirname(file), { recursive: true });
    await page.context().storageState({ path: file });
  });
}
