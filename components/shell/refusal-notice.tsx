import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Role } from "@/lib/authz/policy";
import type { Translate } from "@/lib/i18n/core";
import { failureMessage, type Failure } from "@/lib/v1";

/**
 * A page the school's API refused or did not answer: what happened, in the reader's language, and
 * what can be done — try again when it may pass, the connection page for an admin when the key or
 * the school must change. A calm page, never an error screen.
 */
export function RefusalNotice({
  failure,
  t,
  role,
  retryHref,
}: {
  failure: Failure;
  t: Translate;
  role: Role;
  retryHref: string;
}) {
  return (
    <Card role="status" data-failure={failure.code}>
      <CardHeader>
        <CardTitle as="h2">{failure.retryable ? t("errors.pageUnavailable") : t("errors.pageRefused")}</CardTitle>
        <CardDescription>{failureMessage(failure, t)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {failure.retryable ? (
          <Link href={retryHref} className={buttonVariants({ variant: "outline" })}>
            {t("errors.tryAgain")}
          </Link>
        ) : null}
        {failure.blocksWrites && role === "admin" ? (
          <Link href="/admin/connection" className={buttonVariants({ variant: "outline" })}>
            {t("errors.seeConnection")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A whole page in place of one the school refused: its heading, then the notice. */
export function RefusalPage({ title, ...notice }: { title: string } & Parameters<typeof RefusalNotice>[0]) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <RefusalNotice {...notice} />
    </div>
  );
}
