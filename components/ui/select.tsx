import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A native `<select>`: works without JavaScript inside GET filter forms, is read out properly by
 * screen readers and opens the platform picker on tablets.
 */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(
        "h-11 w-full min-w-0 rounded-md border border-border bg-card ps-3 pe-8 text-base text-foreground shadow-xs outline-none",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
