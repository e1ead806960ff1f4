// v1 call budget: V1_CALL_BUDGETS["/"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import Link from "next/link";
import { redirect } from "next/navigation";
import type { School } from "@/lib/contract";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { homeFor } from "@/components/shell/nav-items";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { currentActor } from "@/lib/auth/session";
import { getI18n, type I18n } from "@/i18n/server";
import { isEmbeddedMode, loadConnections } from "@/lib/connections";
import { schoolOrNull } from "@/lib/failures/school";
import { failureMessage } from "@/lib/v1";
import { logger } from "@/lib/ops/log";
import { schoolNamesIn } from "@/lib/features/school/name";

type Landing = { ok: true; school: School; demo: boolean } | { ok: false; code: string; message: string };

/** The school of the first connection (a network's landing page names its first school). */
async function loadLanding(t: I18n["t"]): Promise<Landing> {
  const [first] = loadConnections();
  const refused = { code: "", message: "" };
  const school = await schoolOrNull(first!.id, (failure) => {
    // Failures carry no credential, so their code is safe for the server log.
    logger().warn({ kind: "landing", code: failure.code }, "the school API did not answer the landing page");
    Object.assign(refused, { code: failure.code, message: failureMessage(failure, t) });
  });
  if (!school) return { ok: false, ...refused };
  return { ok: true, school, demo: isEmbeddedMode() };
}

/** The start page: signed-in people go straight to their home; everyone else sees the school and the way in. */
export default async function LandingPage() {
  const actor = await currentActor();
  if (actor) redirect(homeFor(actor.role));
  const i18n = await getI18n();
  const { t } = i18n;
  const landing = await loadLanding(t);

  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col justify-center gap-8 px-6 py-12 outline-none"
    >
      <div className="flex justify-end">
        <LanguageSwitch locale={i18n.locale} t={t} />
      </div>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">{t("auth.landing.eyebrow")}</p>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("common.appName")}</h1>
        <p className="text-base text-muted-foreground">{t("auth.landing.intro")}</p>
      </header>

      {landing.ok ? (
        <SchoolCard school={landing.school} demo={landing.demo} i18n={i18n} />
      ) : (
        <ProblemCard code={landing.code} message={landing.message} t={t} />
      )}
    </main>
  );
}

function SchoolCard({ school, demo, i18n }: { school: School; demo: boolean; i18n: I18n }) {
  const { t, locale } = i18n;
  const [first, second] = schoolNamesIn(school, locale);
  return (
    <section aria-labelledby="school-label">
      <Card>
        <CardHeader>
          <CardDescription id="school-label">{t("auth.landing.connectedSchool")}</CardDescription>
          <CardTitle as="h2" className="text-2xl">
            {first}
          </CardTitle>
          {second ? (
            <p lang={second === school.name_ar ? "ar" : undefined} dir="auto" className="text-xl text-muted-foreground">
              {second}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t("auth.landing.timeZone")}</dt>
            <dd dir="ltr" className="text-start">
              {school.time_zone}
            </dd>
            {demo ? (
              <>
                <dt className="text-muted-foreground">{t("auth.landing.data")}</dt>
                <dd>{t("auth.landing.demoData")}</dd>
              </>
            ) : null}
          </dl>
        </CardContent>
        <CardFooter>
          <Link href="/login" className={buttonVariants({ size: "lg" })}>
            {t("auth.login.submit")}
          </Link>
        </CardFooter>
      </Card>
    </section>
  );
}

/** The API refused or could not be reached: say what happened, in our words, and keep the way in. */
function ProblemCard({ code, message, t }: { code: string; message: string; t: I18n["t"] }) {
  return (
    <section aria-labelledby="problem-title">
      <Card className="border-warning-foreground/30 bg-warning text-warning-foreground">
        <CardHeader>
          <CardTitle as="h2" id="problem-title">
            {t("auth.landing.problemTitle")}
          </CardTitle>
          <p className="text-base">{message}</p>
        </CardHeader>
        <CardContent>
          <p className="text-sm">
            {t("auth.landing.reference", { code: "" })}
            <code className="font-mono" dir="ltr">
              {code}
            </code>
          </p>
        </CardContent>
        <CardFooter>
          <Link href="/login" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("auth.login.submit")}
          </Link>
        </CardFooter>
      </Card>
    </section>
  );
}
