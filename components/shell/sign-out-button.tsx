import { logout } from "@/app/(auth)/actions";
import { buttonVariants } from "@/components/ui/button";
import type { Translate } from "@/lib/i18n/core";

export function SignOutButton({ t }: { t: Translate }) {
  return (
    <form action={logout}>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        {t("common.signOut")}
      </button>
    </form>
  );
}
