import type { ComponentProps } from "react";
import { ScrollBox } from "@/components/ui/scroll-box";
import { cn } from "@/lib/utils";

/**
 * A table that may scroll sideways on a narrow screen, in a labelled region a keyboard can scroll
 * too (ScrollBox).
 */
export function ScrollTable({ label, className, ...props }: ComponentProps<"table"> & { label: string }) {
  return (
    <ScrollBox
      role="region"
      aria-label={label}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </ScrollBox>
  );
}
