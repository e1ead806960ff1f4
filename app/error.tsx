"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";

/**
 * Shows no error text: in production a server error arrives as a generic message with a digest,
 * and the digest is what matches the server's log line.
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center gap-4 px-6 py-12">
      <div role="alert" className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-base text-muted-foreground">The page could not be shown. Try again; if it keeps happening, tell your school&apos;s administrator and quote the reference below.</p>
        {digest ? (
          <p className="text-sm text-muted-foreground">
            Reference: <code className="font-mono">{digest}</code>
          </p>
        ) : null}
      </div>
      <div>
        <Button onClick={() => retry()}>Try again</Button>
      </div>
    </main>
  );
}
