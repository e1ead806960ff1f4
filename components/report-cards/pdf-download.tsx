"use client";

import { useEffect, useState } from "react";
import { linkClass } from "@/components/ui/text-link";
import { useNumber, useT } from "@/lib/i18n/client";

type State =
  | { kind: "idle" }
  | { kind: "busy"; since: number }
  | { kind: "done"; name: string }
  | { kind: "failed"; reason: string | null };

/** Whole seconds since `since`, ticking while there is one. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.round((now - since) / 1000));
}

/**
 * A PDF that takes a while to make (a halqa's report cards: seconds, more for a large halqa), as a link
 * that says so (issue 58.13): tapped, it fetches the file while a status line says it is being made and
 * for how long, then hands it to the browser as a download and says so; a refusal shows the server's
 * reason in the reader's words. Without JavaScript it is the plain download link it enhances.
 */
export function PdfDownload({ href, label }: { href: string; label: string }) {
  const t = useT("reportCards");
  const number = useNumber();
  const [state, setState] = useState<State>({ kind: "idle" });
  const seconds = useElapsed(state.kind === "busy" ? state.since : null);
  const busy = state.kind === "busy";

  const fetchFile = async () => {
    setState({ kind: "busy", since: Date.now() });
    try {
      const response = await fetch(href, { cache: "no-store" });
      if (!response.ok) {
        // A refusal of the school is a sentence in the reader's language (text/plain); anything else has none.
        const text = response.headers.get("Content-Type")?.startsWith("text/plain") ? await response.text() : null;
        setState({ kind: "failed", reason: text });
        return;
      }
      const name =
        /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "report-cards.pdf";
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The browser has taken the file once the click is handled; the object URL is let go a little later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ kind: "done", name });
    } catch {
      setState({ kind: "failed", reason: null });
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={href}
        download
        aria-disabled={busy || undefined}
        className={linkClass}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) void fetchFile();
        }}
      >
        {label}
      </a>
      <span role="status" className="text-sm text-muted-foreground">
        {state.kind === "busy"
          ? t("download.preparing", { s: number(seconds) })
          : state.kind === "done"
            ? t("download.done")
            : state.kind === "failed"
              ? (state.reason ?? t("download.failed"))
              : null}
      </span>
    </span>
  );
}
