// v1 calls: 0 (children's names come from the parent's own links in the dashboard's store)
import type { Metadata } from "next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireActor } from "@/lib/auth/session";
import { getI18n } from "@/lib/i18n/server";
import { linkedChildNames } from "./linked-children";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.family.title") };
}

/** The parents' home (a first version: the family view itself comes with issue 5). */
export default async function FamilyHome() {
  const actor = await requireActor(["parent"]);
  const [{ t }, children] = await Promise.all([getI18n(), linkedChildNames(actor.id)]);
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{t("nav.family.greeting", { name: actor.name })}</h1>
      <section aria-labelledby="children-title">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="children-title">
              {t("nav.family.childrenTitle")}
            </CardTitle>
            <CardDescription>{t("nav.family.comingSoon")}</CardDescription>
          </CardHeader>
          <CardContent>
            {children.length ? (
              <ul className="flex flex-col divide-y divide-border">
                {children.map((name) => (
                  <li key={name} className="py-3 text-base font-medium" dir="auto">
                    {name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{t("nav.family.childrenEmpty")}</p>
            )}
          </CardContent>
        </Card>
      </section>
    </>
  );
}
