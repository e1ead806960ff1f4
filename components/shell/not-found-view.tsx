import Link from "next/link";
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
      <div>
        <Link href={backHref} className={buttonVariants({ variant: "outline" })}>
          {backLabel}
        </Link>
      </div>
    </div>
  );
}
