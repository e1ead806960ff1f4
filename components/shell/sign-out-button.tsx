"use client";

import { logout } from "@/lib/auth/sign-out-action";
import { buttonVariants } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";
import { forgetOffline } from "@/lib/offline/client";

/**
 * Still a plain form post (works without JavaScript); with it, this browser's offline copies of the
 * person go first. The sign-in page clears them again. Its word: `common.signOut`, from the header's <ClientStrings>.
 */
export function SignOutButton() {
  const t = useT("common");
  return (
    <form action={logout} onSubmit={() => void forgetOffline().catch(() => undefined)}>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        {t("signOut")}
      </button>
    </form>
  );
}
