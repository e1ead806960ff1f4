import type { ComponentProps } from "react";
import { ScrollBox } from "@/components/ui/scroll-box";
import { cn } from "@/lib/utils";

/**
 * A table that may scroll sideways on a narrow screen, in a labelled group a keyboard can scroll
 * too (ScrollBox). A group, not a region: the table usually sits in a section of the same name, and
 * two landmarks of one name cannot be told apart.
 */
export function ScrollTable({ label, className, ...props }: ComponentProps<"table"> & { label: string }) {
  return (
    <ScrollBox
      role="group"
      aria-label={label}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </ScrollBox>
  );
}
