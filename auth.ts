import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { Provider } from "next-auth/providers";
import { z } from "zod";
import { authSecret } from "@/lib/auth/secret";
import { burnPasswordCheck, verifyPassword } from "@/lib/auth/password";
import { clearFailedSignIns, findUserByEmail, recordFailedSignIn, signInLocked } from "@/lib/auth/users";
import { ensureDemoUsers } from "@/lib/auth/demo-users";
import { oidcCallbacks } from "@/lib/auth/oidc";

const oidc = oidcCallbacks(findUserByEmail);

const SignIn = z.object({ email: z.string().trim().toLowerCase().email().max(200), password: z.string().min(1).max(200) });

class TooManyAttempts extends CredentialsSignin {
  code = "rate_limited";
}

/** Said only after a correct password, so it reveals nothing to someone guessing. */
class AccountDisabled extends CredentialsSignin {
  code = "disabled";
}

function clientAddress(request: Request): string | null {
  return request.headers.get("x-forwarded-for")?.split(",").pop()?.trim() ?? null;
}

const providers: Provider[] = [
  Credentials({
    credentials: { email: { type: "email" }, password: { type: "password" } },
    async authorize(raw, request) {
      const parsed = SignIn.safeParse(raw);
      if (!parsed.success) return null;
      const { email, password } = parsed.data;
      await ensureDemoUsers();
      const address = clientAddress(request);
      if (await signInLocked(email, address)) throw new TooManyAttempts();
      const user = await findUserByEmail(email);
      const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false);
      if (!ok || !user) {
        await recordFailedSignIn(email, address);
        return null;
      }
      if (user.disabledAt) throw new AccountDisabled();
      await clearFailedSignIns(email);
      return { id: user.id, email: user.email, name: user.name };
    },
  }),
];

/** Optional single sign-on for schools with Google Workspace, Microsoft Entra or Keycloak. */
if (process.env.AUTH_OIDC_ISSUER && process.env.AUTH_OIDC_ID && process.env.AUTH_OIDC_SECRET) {
  providers.push({
    id: "oidc",
    name: process.env.AUTH_OIDC_NAME ?? "School account",
    type: "oidc",
    issuer: process.env.AUTH_OIDC_ISSUER,
    clientId: process.env.AUTH_OIDC_ID,
    clientSecret: process.env.AUTH_OIDC_SECRET,
  });
}

const config: NextAuthConfig = {
  providers,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  logger: {
    // A wrong password is bad input, answered on the form: one line without the email, not a stack trace.
    error(error) {
      // By its type, not its name: production builds minify class names.
      if ((error as { type?: string }).type === "CredentialsSignin") console.warn("[auth] sign-in refused (wrong email or password)");
      else console.error("[auth]", error);
    },
  },
  callbacks: {
    /** OIDC accounts must already exist (and be enabled) in the dashboard: no self sign-up. */
    signIn: ({ user, account }) => oidc.allowSignIn(account?.provider, user.email),
    async jwt({ token, user, account }) {
      if (user) token.uid = await oidc.sessionUserId(account?.provider, user.email, user.id);
      return token;
    },
    async session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
};

// Lazy, so that building the app never needs the secret.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({ ...config, secret: authSecret() }));
