"use client";

import { useLinkStatus } from "next/link";

/**
 * Inside a `<Link>` to a page that renders with its data and no loading skeleton (Today, the live
 * register): a spinner, and `label` for screen readers, from the tap until the page arrives. Those pages
 * have no route `loading.tsx` because React reveals a streamed page no sooner than 300 ms after the first
 * paint, which put the first load's largest paint after every script (docs/scale.md, "The register's
 * LCP"); a tap must still answer at once, and this is its answer. The spinner takes no room until shown.
 */
export function LinkPending({ label }: { label?: string }) {
  const { pending } = useLinkStatus();
  return (
    <>
      {pending ? (
        <span
          aria-hidden="true"
          data-testid="link-pending"
          className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {/* Only while pending: a page holds many such links, and an empty status region in each is noise. */}
      {pending && label ? (
        <span role="status" className="sr-only">
          {label}
        </span>
      ) : null}
    </>
  );
}
