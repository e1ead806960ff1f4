"use client";

import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

type Props = {
  label: string;
  hint: string;
  /** Pixels from the inline start to the first column with data. */ offset: number;
  children: ReactNode;
};

/**
 * The heat map's grid in a focusable region that scrolls sideways on a narrow screen: it opens where
 * the data is (not on juz 1 when nothing was heard there), and says that it scrolls when it does.
 */
export function HeatMapScroller({ label, hint, offset, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref, false);
  useEffect(() => {
    const region = ref.current;
    if (!region || region.scrollWidth <= region.clientWidth + 1 || offset <= 0) return;
    const rtl = getComputedStyle(region).direction === "rtl";
    // In right-to-left, scrollLeft runs from 0 towards negative values (the inline start is the right edge).
    region.scrollLeft = rtl ? -offset : offset;
  }, [offset]);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className="overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {children}
      </div>
      {scrolls ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Whether the box scrolls sideways now, measured again whenever the box or its content changes size. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>, initially: boolean): boolean {
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
