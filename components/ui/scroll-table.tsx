import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A table that may scroll sideways on a narrow screen. Its box is a labelled, focusable region so
 * that keyboard users can scroll it too (the table holds nothing focusable of its own).
 */
export function ScrollTable({ label, className, ...props }: ComponentProps<"table"> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
