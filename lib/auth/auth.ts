import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { Provider } from "next-auth/providers";
import { z } from "zod";
import { authSecret } from "@/lib/auth/secret";
import { checkPassword } from "@/lib/auth/sign-in";
import { findUserByEmail, sessionVersionOf } from "@/lib/auth/actor";
import { ensureDemoUsers } from "@/lib/auth/demo-users";
import { oidcCallbacks } from "@/lib/auth/oidc";
import { requestClientAddress } from "@/lib/security/client-address";
import { rememberDevice, signInDevice } from "@/lib/auth/device";
import { logger } from "@/lib/ops/log";
import { settleLocaleAtSignIn } from "@/lib/preferences/first-locale";

declare module "next-auth" {
  interface Session {
    /** The user's session version when this session was made (lib/auth/session.ts compares it). */
    sessionVersion?: number;
  }
}

const oidc = oidcCallbacks(findUserByEmail);

const SignIn = z.object({
  email: z.string().trim().toLowerCase().email().max(200),
  password: z.string().min(1).max(200),
});

/** Carries when to try again, for the form (app/(auth)/login/actions.ts). */
class TooManyAttempts extends CredentialsSignin {
  code = "too_many_attempts";
  constructor(readonly retryAt: Date) {
    super();
  }
}

/** Said only after a correct password, so it reveals nothing to someone guessing. */
class AccountDisabled extends CredentialsSignin {
  code = "disabled";
}

const providers: Provider[] = [
  Credentials({
    credentials: { email: { type: "email" }, password: { type: "password" } },
    async authorize(raw, request) {
      const parsed = SignIn.safeParse(raw);
      if (!parsed.success) return null;
      const { email, password } = parsed.data;
      await ensureDemoUsers();
      const device = signInDevice(request.headers, email);
      const result = await checkPassword(email, password, requestClientAddress(request.headers), new Date(), device);
      if (result.ok) {
        logger().info({ kind: "sign_in", outcome: "signed_in", userId: result.user.id }, "signed in");
        await rememberDevice(request, email);
        return result.user;
      }
      if (result.reason === "throttled") throw new TooManyAttempts(result.retryAt);
      if (result.reason === "disabled") throw new AccountDisabled();
      return null;
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
      const type = (error as { type?: string }).type ?? "AuthError";
      if (type === "CredentialsSignin")
        logger().info(
          { kind: "sign_in", outcome: "refused" },
          "sign-in refused (wrong email or password, or throttled)",
        );
      // The type and Auth.js's own sentence (a configuration problem), never the request's values.
      else
        logger().error(
          { kind: "auth", type, detail: error.message.split("\n")[0]?.slice(0, 200) ?? "" },
          "Auth.js error",
        );
    },
  },
  callbacks: {
    /** OIDC accounts must already exist (and be enabled) in the dashboard: no self sign-up. */
    signIn: ({ user, account }) => oidc.allowSignIn(account?.provider, user.email),
    async jwt({ token, user, account }) {
      if (user) {
        token.uid = await oidc.sessionUserId(account?.provider, user.email, user.id);
        token.sv = typeof token.uid === "string" ? await sessionVersionOf(token.uid) : null;
        if (typeof token.uid === "string") await settleLocaleAtSignIn(token.uid);
      }
      return token;
    },
    async session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      if (typeof token.sv === "number") session.sessionVersion = token.sv;
      return session;
    },
  },
};

// Lazy, so that building the app never needs the secret.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({ ...config, secret: authSecret() }));
