"use client";

import { logout } from "@/lib/auth/sign-out-action";
import { buttonVariants } from "@/components/ui/button";
import { forgetOffline } from "@/lib/offline/client";

/** Still a plain form post (works without JavaScript); with it, this browser's offline copies of the person go first. The sign-in page clears them again. */
export function SignOutButton({ label }: { label: string }) {
  return (
    <form action={logout} onSubmit={() => void forgetOffline().catch(() => undefined)}>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        {label}
      </button>
    </form>
  );
}
