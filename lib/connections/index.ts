import "server-only";
import { readFileSync } from "node:fs";
import { headers } from "next/headers";
import { z } from "zod";
import { createV1Client, type V1Client } from "@/lib/v1";
import { DEMO_KEYS } from "@/school-api/seed-facts";
import { observeV1Call } from "@/lib/ops/metrics";
import { isDemoKey, isEmbeddedMode } from "./mode";

/**
 * The schools this dashboard serves. Keys live only here, in server memory, read from the
 * environment or a secrets file; the dashboard's store knows a connection by its id alone.
 */
export type ConnectionConfig = {
  id: string;
  label: string;
  baseUrl: string;
  apiKey: string;
  allowInsecureHttp?: boolean;
  smtpUrl?: string;
  mailFrom?: string;
};

const FileEntry = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "ids are lowercase letters, digits and dashes"),
  label: z.string().min(1),
  base_url: z.string().url(),
  api_key: z.string().min(8).optional(),
  api_key_env: z.string().min(1).optional(),
  /** Messages to this school's families (lib/mail): its own mail server instead of SMTP_URL/MAIL_FROM. */
  smtp_url_env: z.string().min(1).optional(),
  mail_from: z.string().min(3).optional(),
});
const FileSchema = z.array(FileEntry).min(1);

type Env = Record<string, string | undefined>;

export { isEmbeddedMode } from "./mode";
export { cacheKey, connectSchool, type CacheKey, type CacheKeyPart, type SchoolConnection } from "./connect";

/** Demo schools of the embedded API, reached over loopback; they exist only in embedded mode. */
export const EMBEDDED_CONNECTIONS = [
  { id: "alnoor", label: "Al-Noor Quran School", apiKey: DEMO_KEYS.alnoorAdmin },
  { id: "arqam", label: "Dar Al-Arqam", apiKey: DEMO_KEYS.arqamAdmin },
] as const;

/**
 * The configured schools. A real school's connection with a key of the embedded demo is refused:
 * the demo keys are public (README), and the demo is never part of a real deployment.
 */
export function loadConnections(env: Env = process.env): ConnectionConfig[] {
  if (isEmbeddedMode(env)) {
    const baseUrl = `http://127.0.0.1:${env.PORT?.trim() || "3000"}/api/v1`;
    return EMBEDDED_CONNECTIONS.map((c) => ({ id: c.id, label: c.label, baseUrl, apiKey: c.apiKey }));
  }
  const configured = configuredConnections(env);
  const demo = configured.find((c) => isDemoKey(c.apiKey));
  if (demo)
    throw new Error(
      `Connection '${demo.id}' uses a key of the embedded demo, which is public: ask the school for its own key`,
    );
  return configured;
}

function configuredConnections(env: Env): ConnectionConfig[] {
  if (env.SCHOOL_CONNECTIONS_FILE?.trim()) {
    const parsed = FileSchema.safeParse(readJson(env.SCHOOL_CONNECTIONS_FILE.trim()));
    if (!parsed.success)
      throw new Error(
        `SCHOOL_CONNECTIONS_FILE is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    return parsed.data.map((entry) => {
      const apiKey = entry.api_key ?? (entry.api_key_env ? env[entry.api_key_env] : undefined);
      if (!apiKey) throw new Error(`Connection '${entry.id}' has no key: set api_key or api_key_env`);
      const smtpUrl = entry.smtp_url_env ? env[entry.smtp_url_env]?.trim() || undefined : undefined;
      return {
        id: entry.id,
        label: entry.label,
        baseUrl: entry.base_url,
        apiKey,
        ...(smtpUrl ? { smtpUrl } : {}),
        ...(entry.mail_from ? { mailFrom: entry.mail_from } : {}),
      };
    });
  }
  const baseUrl = env.SCHOOL_API_URL?.trim() ?? "";
  const apiKey = env.SCHOOL_API_KEY?.trim();
  if (!apiKey) throw new Error("SCHOOL_API_URL is set but SCHOOL_API_KEY is not: a real school needs its own key");
  return [
    {
      id: "default",
      label: env.SCHOOL_LABEL ?? "School",
      baseUrl,
      apiKey,
      allowInsecureHttp: env.SCHOOL_API_ALLOW_INSECURE_HTTP === "true",
    },
  ];
}

/** The file's text never goes into the message: it holds keys. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `SCHOOL_CONNECTIONS_FILE (${file}) cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`SCHOOL_CONNECTIONS_FILE (${file}) is not valid JSON`);
  }
}

const globalClients = globalThis as typeof globalThis & { __v1Clients?: Map<string, V1Client> };

/** One client per connection and process; its tenant (GET /school) is confirmed once and memoized. */
export function clientFor(connectionId: string): V1Client {
  const clients = (globalClients.__v1Clients ??= new Map());
  const existing = clients.get(connectionId);
  if (existing) return existing;
  const config = loadConnections().find((c) => c.id === connectionId);
  if (!config) throw new Error(`Unknown school connection '${connectionId}'`);
  const client = createV1Client({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    allowInsecureHttp: config.allowInsecureHttp,
    fetch: isEmbeddedMode() ? tracedFetch : undefined,
    observe: (call) => observeV1Call(connectionId, call),
  });
  clients.set(connectionId, client);
  return client;
}

/**
 * Embedded mode: each call carries the id of the page request that made it (set by proxy.ts), so
 * the embedded API can count a page's v1 calls for the call-budget tests. Inside the Next.js server
 * the embedded API lives in this very process, so a call goes straight to its router — the same
 * checks and responses as over HTTP, without a loopback round trip through the server (a live
 * register's save makes three v1 calls). Tests and scripts outside the server use HTTP. Nothing of
 * this applies when the dashboard talks to a real school.
 */
export const BACKGROUND_REQUEST = "background";

const tracedFetch: typeof fetch = async (input, init) => {
  // Outside a request (the plan-sync scheduler, start-up): traced as "background".
  let requestId: string | null = BACKGROUND_REQUEST;
  try {
    requestId = (await headers()).get("x-request-id");
  } catch {
    // not in a request
  }
  const traced = new Headers(init?.headers);
  if (requestId) traced.set("x-dashboard-request", requestId);
  if (process.env.NEXT_RUNTIME !== "nodejs") return fetch(input, { ...init, headers: traced });
  const { embeddedSchoolApi } = await import("@/school-api");
  const api = await embeddedSchoolApi();
  return api.handle(new Request(input, { ...init, headers: traced }), { clientIp: "127.0.0.1" });
};
