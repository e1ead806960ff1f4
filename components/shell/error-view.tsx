"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

/**
 * What an error boundary shows. No error text: in production a server error reaches the browser as
 * a generic message with a digest, and the digest is what matches the server's log line. Its words
 * come from the root layout's <ClientStrings> (app/layout.tsx).
 */
export function ErrorView({
  error,
  retry,
  headingLevel = 1,
}: {
  error: unknown;
  retry: () => void;
  headingLevel?: 1 | 2;
}) {
  const t = useT("common");
  const nav = useT("nav");
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  const Heading = headingLevel === 1 ? "h1" : "h2";

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="flex flex-col gap-4">
      <div role="alert" className="flex flex-col gap-2">
        <Heading className="text-2xl font-semibold tracking-tight">{t("errorTitle")}</Heading>
        <p className="text-base text-muted-foreground">{t("errorBody")}</p>
        {digest ? (
          <p className="text-sm text-muted-foreground">
            {nav("errorReference", { digest: "" })}
            <code className="font-mono" dir="ltr">
              {digest}
            </code>
          </p>
        ) : null}
      </div>
      <div>
        <Button onClick={() => retry()}>{t("retry")}</Button>
      </div>
    </div>
  );
}
