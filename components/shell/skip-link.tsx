/** The first thing a keyboard reaches: jumps past the header to `<main id="main">`. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-3 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:outline-none focus:ring-[3px] focus:ring-ring/60"
    >
      {label}
    </a>
  );
}
