import { expect, test } from "./fixtures";

test.describe("signed-out landing", () => {
  test("shows the connected school's name from GET /school", async ({ page, demo }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(demo.schools.alnoor).first()).toBeVisible();
  });
});
