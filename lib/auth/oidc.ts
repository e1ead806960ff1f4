import type { users } from "@/lib/db/schema";

type UserRow = typeof users.$inferSelect;

type FindUser = (email: string) => Promise<Pick<UserRow, "id" | "disabledAt"> | undefined>;

/**
 * Single sign-on never creates people: an OIDC identity signs in only when an admin created an
 * enabled dashboard user with that email, and the session then carries that user's id (never the
 * identity provider's subject), so roles and links come from the dashboard's own store.
 */
export function oidcCallbacks(findUserByEmail: FindUser) {
  return {
    async allowSignIn(provider: string | undefined, email: string | null | undefined): Promise<boolean> {
      if (provider !== "oidc") return true;
      const known = email ? await findUserByEmail(email) : undefined;
      return Boolean(known && !known.disabledAt);
    },
    async sessionUserId(
      provider: string | undefined,
      email: string | null | undefined,
      providerUserId: string | undefined,
    ): Promise<string | undefined> {
      if (provider !== "oidc") return providerUserId;
      return email ? (await findUserByEmail(email))?.id : undefined;
    },
  };
}
