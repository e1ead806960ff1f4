/** A text link with a 44 px touch target and a visible focus ring (tables, back links, lineage links). */
export const linkClass =
  "inline-flex min-h-11 items-center rounded-md font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60";
