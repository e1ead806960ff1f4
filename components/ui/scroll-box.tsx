import type { ComponentProps } from "react";

/**
 * A box that may scroll sideways on a narrow screen (a table on a phone, a long word, a right-to-left
 * language). A keyboard must be able to scroll it too, so it is a tab stop, whether it scrolls or not:
 * dropping the stop once the box was measured to fit lost it on a right-to-left report whose table
 * grew afterwards (axe's `scrollable-region-focusable`, issue 58).
 */
export function ScrollBox(props: ComponentProps<"div">) {
  return <div tabIndex={0} {...props} />;
}
