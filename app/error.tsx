"use client";

import { ErrorView } from "@/components/shell/error-view";

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-6 py-12 outline-none"
    >
      <ErrorView error={error} retry={retry} />
    </main>
  );
}
