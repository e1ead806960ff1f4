"use client";

import { MARK_STATUSES, type MarkStatus } from "@/lib/features/live/types";
import { useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

export const STATUS_STYLE: Record<MarkStatus, string> = {
  present: "border-emerald-700 bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100",
  absent: "border-red-700 bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100",
  late: "border-amber-700 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  excused: "border-sky-700 bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100",
};

type Props = {
  name: string;
  status: MarkStatus | null;
  disabled: boolean;
  onSet: (status: MarkStatus) => void;
  firstRef?: (el: HTMLButtonElement | null) => void;
};

/**
 * Four explicit buttons, one per status. A tap sets that status, so a second tap (a double tap in a
 * noisy class) sets the same one again and changes nothing: there is no cycling.
 */
export function StatusControl({ name, status, disabled, onSet, firstRef }: Props) {
  const t = useT("live");
  return (
    // Below sm the four take a line of their own, each a quarter of it (components/live/roster-row.tsx).
    <div
      role="group"
      aria-label={name}
      className="flex shrink-0 overflow-hidden rounded-md border border-border max-sm:order-last max-sm:basis-full"
    >
      {MARK_STATUSES.map((value, i) => (
        <button
          key={value}
          ref={i === 0 ? firstRef : undefined}
          type="button"
          disabled={disabled}
          aria-pressed={status === value}
          aria-label={t("setStatus", { name, status: t(`status.${value}`) })}
          onClick={() => onSet(value)}
          className={cn(
            "min-h-11 min-w-16 touch-manipulation max-sm:flex-1 border-s px-2 text-sm font-semibold outline-none first:border-s-0 focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50",
            status === value ? STATUS_STYLE[value] : "border-border bg-card text-muted-foreground",
          )}
        >
          {t(`status.${value}`)}
        </button>
      ))}
    </div>
  );
}
