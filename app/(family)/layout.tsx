// v1 calls: 0 (GET /school once per connection and process, then memoized)
import type { ReactNode } from "react";
import { SignedInFrame } from "@/components/shell/signed-in-frame";
import { requireActor } from "@/lib/auth/session";
import { getI18n } from "@/i18n/server";

/** The parents' shell: the school, the language switch and sign out; no staff navigation. */
export default async function FamilyLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor(["parent"]);
  const i18n = await getI18n();
  return (
    <SignedInFrame actor={actor} i18n={i18n} width="max-w-3xl">
      {children}
    </SignedInFrame>
  );
}
