import type { Page } from "@playwright/test";

/** Text a box cuts off, and whether the page itself grew wider than the screen. */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(element);
      if (!element.textContent?.trim() || style.display === "none" || style.visibility === "hidden") continue;
      if (
        style.textOverflow === "ellipsis" ||
        element.closest("[data-slot='scroll-table'], [role='region'][tabindex], [role='group'][tabindex]")
      )
        continue;
      const clipsX = ["hidden", "clip"].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const clipsY = ["hidden", "clip"].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      const sr = element.closest(".sr-only") !== null;
      if ((clipsX || clipsY) && !sr)
        clipped.push(`${element.tagName.toLowerCase()}: ${element.textContent.trim().slice(0, 60)}`);
    }
    return { pageWider: document.documentElement.scrollWidth > window.innerWidth + 1, clipped };
  });
}
