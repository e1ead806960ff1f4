import "server-only";
import { isEmbeddedMode, loadConnections } from "@/lib/connections";
import { parseProxyTrust } from "@/lib/security/client-address";
import { logLevelFrom } from "./log";
import { metricsToken } from "./metrics";
import { samplerChoice } from "./sampling";

type Env = Record<string, string | undefined>;

/**
 * What stops the server at start (instrumentation.ts), each with what to do: a configuration that
 * would otherwise fail on the first page, or worse, run half-safe (a public demo key for a real
 * school, metrics behind a guessable token).
 */
export function configurationProblems(env: Env = process.env): string[] {
  const problems: string[] = [];
  const check = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  };
  check(() => loadConnections(env));
  check(() => logLevelFrom(env));
  check(() => metricsToken(env));
  check(() => samplerChoice(env));
  check(() => {
    try {
      parseProxyTrust(env.TRUSTED_PROXIES);
    } catch (error) {
      throw new Error(
        `TRUSTED_PROXIES is a list of addresses or CIDRs, or a number of proxies: ${(error as Error).message}`,
      );
    }
  });
  if (!isEmbeddedMode(env) && !env.AUTH_SECRET?.trim())
    problems.push("AUTH_SECRET must be set when the dashboard serves a real school (openssl rand -base64 32)");
  return problems;
}
