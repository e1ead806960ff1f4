// v1 call budget: V1_CALL_BUDGETS["/login"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { redirect } from "next/navigation";
import { homeFor } from "@/components/shell/nav-items";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/auth/demo-users";
import { currentActor } from "@/lib/auth/session";
import { isEmbeddedMode } from "@/lib/connections";
import { getI18n } from "@/i18n/server";
import { oidcOrigin } from "@/lib/security/headers";
import { safeLocalPath } from "@/lib/security/redirect";
import { loginWithOidc } from "./actions";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ForgetOffline } from "@/components/shell/offline-support";
import { LoginForm } from "./login-form";
import { signInErrorKey } from "./sign-in-errors";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("auth.login.title");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await currentActor();
  const params = await searchParams;
  const next = safeLocalPath(one(params.next)) ?? undefined;
  if (actor) redirect(next ?? homeFor(actor.role));

  const { t } = await getI18n();
  // Auth.js sends people back here with ?error= (and ?code= for credentials) when it refused them.
  const returnedError = signInErrorKey(one(params.error), one(params.code));
  const oidcName = process.env.AUTH_OIDC_NAME;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t("auth.login.title")}
        </CardTitle>
        <CardDescription>{t("auth.login.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ForgetOffline />
        {returnedError ? (
          <Alert variant="destructive" role="alert">
            {t(returnedError)}
          </Alert>
        ) : null}
        <ClientStrings
          parts={["auth.login.email", "auth.login.password", "auth.login.submit", "auth.login.submitting"]}
        >
          <LoginForm next={next} />
        </ClientStrings>
        {oidcOrigin() ? (
          <>
            <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
              {t("auth.login.or")}
            </p>
            <form action={loginWithOidc}>
              {next ? <input type="hidden" name="next" value={next} /> : null}
              <Button type="submit" variant="outline" className="w-full">
                {oidcName ? t("auth.login.oidc", { name: oidcName }) : t("auth.login.oidcDefault")}
              </Button>
            </form>
          </>
        ) : null}
        {isEmbeddedMode() ? (
          <DemoAccounts
            title={t("auth.login.demoTitle")}
            hint={t("auth.login.demoHint", { password: DEMO_PASSWORD })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Embedded mode only: the demo accounts of the README, so a visitor can try each role. */
function DemoAccounts({ title, hint }: { title: string; hint: string }) {
  return (
    <section aria-labelledby="demo-accounts" className="flex flex-col gap-2 rounded-lg bg-muted px-4 py-3 text-sm">
      <h2 id="demo-accounts" className="font-medium">
        {title}
      </h2>
      <ul className="flex flex-col gap-1 font-mono" dir="ltr">
        {Object.values(DEMO_ACCOUNTS).map((email) => (
          <li key={email} className="text-start">
            {email}
          </li>
        ))}
      </ul>
      <p>{hint}</p>
    </section>
  );
}
