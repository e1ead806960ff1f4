import { cn } from "@/lib/utils";

/** A labelled progress bar, 0 … 100 percent; `text` says the value in words (aria-valuetext). */
export function ProgressBar({
  label,
  percent,
  text,
  className,
}: {
  label: string;
  percent: number;
  text: string;
  className?: string;
}) {
  return (
    <div
      data-slot="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
      className={cn("h-2.5 w-full overflow-hidden rounded-full bg-muted print:border print:border-border", className)}
    >
      <div className="h-full rounded-full bg-primary print:bg-foreground" style={{ width: `${percent}%` }} />
    </div>
  );
}
