import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";

/** The 404 of a halqa or student page: it does not say whether the record exists elsewhere. */
export function NotFoundView({
  title,
  body,
  backHref,
  backLabel,
}: {
  title: string;
  body: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-base text-muted-foreground">{body}</p>
      <NotFoundBack href={backHref} label={backLabel} />
    </div>
  );
}

/** A whole page's 404 (an unknown address, a record that is not this person's): the code, what is missing, the way back. */
export function PageNotFound({ title, body, back }: { title: string; body: string; back: ReactNode }) {
  return (
    <>
      <p className="text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="text-base text-muted-foreground">{body}</p>
      {back}
    </>
  );
}

/** The way back from a 404, as an outline button. */
export function NotFoundBack({ href, label }: { href: string; label: string }) {
  return (
    <div>
      <Link href={href} className={buttonVariants({ variant: "outline" })}>
        {label}
      </Link>
    </div>
  );
}
