import type { ReactNode } from "react";
import type { Actor } from "@/lib/auth/actor";
import type { I18n } from "@/i18n/server";
import { loadSchoolHeading } from "./load-school";
import { SchoolProblemBanner, ShellHeader } from "./shell-header";

/**
 * A signed-in route group's frame: the header with the school (or why the school cannot be named),
 * then the page's main landmark, as wide as the group's pages. `top` comes before the header.
 * v1 calls: 0 (GET /school once per connection and process, then memoized).
 */
export async function SignedInFrame({
  actor,
  i18n,
  width,
  top,
  children,
}: {
  actor: Actor;
  i18n: I18n;
  width: "max-w-3xl" | "max-w-6xl";
  top?: ReactNode;
  children: ReactNode;
}) {
  const school = await loadSchoolHeading(actor, i18n.locale, i18n.t);
  return (
    <div className="flex min-h-dvh flex-col">
      {top}
      <ShellHeader actor={actor} school={school} i18n={i18n} />
      {school.ok ? null : <SchoolProblemBanner title={i18n.t("nav.schoolProblemTitle")} message={school.message} />}
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto flex w-full ${width} flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6`}
      >
        {children}
      </main>
    </div>
  );
}
