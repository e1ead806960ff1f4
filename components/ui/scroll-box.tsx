"use client";

import { useEffect, useRef, useState, type ComponentProps, type RefObject } from "react";

/**
 * Whether the box scrolls sideways now (its content wider than itself), measured again whenever the
 * box or its content changes size: a table grows after the box is first measured (a font arrives, a
 * part streams in), and the box's own size does not change then.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>, initially: boolean): boolean {
  const [scrolls, setScrolls] = useState(initially);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A box that may scroll sideways on a narrow screen (a table on a phone, a long word, a right-to-left
 * language). A keyboard must be able to scroll it too, so it is served focusable; once on the screen
 * it keeps its tab stop (as the scroll tables did before issue 58).
 */
export function ScrollBox(props: ComponentProps<"div">) {
  // Always a tab stop: dropping it when the box fits lost it on a right-to-left report whose table grew later.
  return <div tabIndex={0} {...props} />;
}
