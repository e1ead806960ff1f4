"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { LinkPending } from "@/components/ui/link-pending";
import { cn } from "@/lib/utils";

type Props = { label: string; pendingLabel: string; items: { href: string; label: string; exact?: boolean }[] };

/**
 * The primary navigation; the current section is marked for sight and for screen readers. A link's page is
 * prefetched when a finger or pointer reaches for it or it takes the focus, not on every page's load: five
 * links in view meant ten requests and their parsing on the tablet while the page hydrates, mostly for pages
 * not visited next (issue 31, docs/scale.md "Prefetch on intent"). A tapped link shows a spinner until its
 * page arrives (Today has no loading skeleton: `LinkPending`).
 */
export function NavLinks({ label, pendingLabel, items }: Props) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <nav aria-label={label}>
      {/* Wraps on every width: on a phone an admin's eight links take two or three rows, none off-screen. */}
      <ul className="flex flex-wrap gap-x-1">
        {items.map((item) => {
          const current = pathname === item.href || (!item.exact && pathname.startsWith(`${item.href}/`));
          const prefetch = () => router.prefetch(item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                prefetch={false}
                onPointerEnter={prefetch}
                onPointerDown={prefetch}
                onFocus={prefetch}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center gap-2 rounded-md px-2 whitespace-nowrap sm:px-3 text-sm font-medium transition-colors outline-none",
                  "hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60",
                  current
                    ? "bg-muted text-foreground underline decoration-primary decoration-2 underline-offset-8"
                    : "text-muted-foreground",
                )}
              >
                {item.label}
                <LinkPending label={pendingLabel} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
