// v1 calls: 0 (GET /school once per connection and process, then memoized)
import type { ReactNode } from "react";
import { loadSchoolHeading } from "@/components/shell/load-school";
import { SchoolProblemBanner, ShellHeader } from "@/components/shell/shell-header";
import { requireActor } from "@/lib/auth/session";
import { getI18n } from "@/i18n/server";

/** The parents' shell: the school, the language switch and sign out; no staff navigation. */
export default async function FamilyLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor(["parent"]);
  const i18n = await getI18n();
  const school = await loadSchoolHeading(actor, i18n.locale, i18n.t);
  return (
    <div className="flex min-h-dvh flex-col">
      <ShellHeader actor={actor} school={school} i18n={i18n} />
      {school.ok ? null : <SchoolProblemBanner title={i18n.t("nav.schoolProblemTitle")} message={school.message} />}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}
