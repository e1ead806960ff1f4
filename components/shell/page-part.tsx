import { Suspense, type ReactNode } from "react";
import { requireActor } from "@/lib/auth/session";
import { loadPage } from "@/lib/failures/page";
import { getI18n } from "@/i18n/server";
import { RefusalNotice } from "./refusal-notice";

type Props<T> = {
  /** The part's reads; shared reads are cached per request (React `cache`), so two parts never call twice. */
  load: () => Promise<T>;
  render: (value: T) => ReactNode;
  /** Shown until the part's reads are done. */
  fallback: ReactNode;
  /** Where "Try again" leads when the school did not answer. */
  retryHref: string;
  /**
   * Part of the page's first paint instead of streamed after it: for the part a reader looks at first
   * whose height no placeholder can know (Today's sessions, one card or eight), so that its arrival
   * does not push the rest of the page down (layout shift, issue 31). The page's loading state waits for it.
   */
  inFirstPaint?: boolean;
};

/**
 * One independent part of a busy page, streamed behind its own `<Suspense>` so the page's heading
 * and its other parts do not wait for it. The page decides its 404 and a refusal of the whole page
 * before the first part (the status is sent by then); a refusal met by this part alone is explained
 * in its place, with what can be done.
 */
export function PagePart<T>(props: Props<T>) {
  if (props.inFirstPaint) return <PartBody {...props} />;
  return (
    <Suspense fallback={props.fallback}>
      <PartBody {...props} />
    </Suspense>
  );
}

async function PartBody<T>({ load, render, retryHref }: Props<T>) {
  const [loaded, actor, { t }] = await Promise.all([loadPage(load), requireActor(), getI18n()]);
  if (!loaded.ok) return <RefusalNotice failure={loaded.failure} t={t} role={actor.role} retryHref={retryHref} />;
  return render(loaded.value);
}
