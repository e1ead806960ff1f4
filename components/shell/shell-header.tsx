import Link from "next/link";
import { ClientStrings } from "@/components/i18n/client-strings";
import type { Actor } from "@/lib/auth/actor";
import type { I18n } from "@/i18n/server";
import { LanguageSwitch } from "./language-switch";
import type { SchoolHeading } from "./load-school";
import { homeFor, navItemsFor } from "./nav-items";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

/**
 * The signed-in header: the school, who is signed in, the language switch and sign out; below, the
 * links of the person's role (none for parents). Wraps instead of overflowing on a portrait tablet.
 */
export function ShellHeader({ actor, school, i18n }: { actor: Actor; school: SchoolHeading; i18n: I18n }) {
  const { t, locale, separator } = i18n;
  const items = navItemsFor(actor.role).map((item) => ({ href: item.href, label: t(item.label), exact: item.exact }));
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-1 px-4 py-1 sm:gap-2 sm:px-6 sm:py-3">
        <div className="flex items-center justify-between gap-x-4 gap-y-2 sm:flex-wrap">
          <div className="flex min-w-0 flex-col">
            {/* The school's name wraps rather than being cut (an Arabic name is often the longest line). */}
            <Link
              href={homeFor(actor.role)}
              className="inline-flex min-h-11 items-center rounded-md text-base font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {school.ok ? <bdi dir="auto">{school.name}</bdi> : t("common.appName")}
            </Link>
            {school.ok ? <p className="hidden text-xs text-muted-foreground sm:block">{t("common.appName")}</p> : null}
          </div>
          <div className="flex shrink-0 items-center gap-2 sm:flex-wrap">
            {/* On a phone the person's name goes: the header keeps to two short lines. */}
            <p
              className="hidden text-sm text-muted-foreground sm:block"
              title={t("nav.signedInAs", { name: actor.name })}
            >
              <span className="font-medium text-foreground">{actor.name}</span>
              {separator}
              {t(`nav.roles.${actor.role}`)}
            </p>
            <LanguageSwitch locale={locale} t={t} />
            <ClientStrings parts={["common.signOut"]}>
              <SignOutButton />
            </ClientStrings>
          </div>
        </div>
        {items.length ? <NavLinks label={t("nav.primary")} pendingLabel={t("common.loading")} items={items} /> : null}
      </div>
    </header>
  );
}

/** Shown under the header when the school's API refused to name the school: the reason, not a crash. */
export function SchoolProblemBanner({ message, title }: { message: string; title: string }) {
  return (
    <div className="border-b border-warning-foreground/30 bg-warning text-warning-foreground">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{message}</p>
      </div>
    </div>
  );
}
