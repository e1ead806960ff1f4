import Link from "next/link";
import { linkClass } from "./text-link";

/** A link back up; the arrow points the way the page reads. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={`${linkClass} gap-1 self-start text-sm`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-4 rtl:-scale-x-100"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M10 3 5 8l5 5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </Link>
  );
}
