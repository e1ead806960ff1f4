export default function Loading() {
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col justify-center gap-8 px-6 py-12">
      <div role="status" aria-live="polite" className="flex flex-col gap-4">
        <span className="sr-only">Loading…</span>
        <div aria-hidden="true" className="h-9 w-2/3 animate-pulse rounded-md bg-muted" />
        <div aria-hidden="true" className="h-5 w-full animate-pulse rounded-md bg-muted" />
        <div aria-hidden="true" className="h-40 w-full animate-pulse rounded-xl bg-muted" />
      </div>
    </main>
  );
}
