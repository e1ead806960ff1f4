import autocannon from "autocannon";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One HTTP request, repeated by every connection; with `bodies`, each connection sends them in turn. */
export type RequestSpec = {
  path: string;
  method?: Method;
  headers?: Record<string, string>;
  body?: string;
  bodies?: string[];
};

/** Every run is bounded twice: by time and by request count. */
export type LoadOptions = { connections: number; durationSeconds: number; maxRequests: number };

export type Measurement = {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Loads one request on a loopback origin with autocannon; `signal` stops the run early. */
export async function measure(
  origin: string,
  spec: RequestSpec,
  options: LoadOptions,
  signal?: AbortSignal,
): Promise<Measurement> {
  const url = new URL(spec.path, origin);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`the bench only loads loopback servers, not ${url.host}`);
  signal?.throwIfAborted();
  const instance = autocannon({
    url: url.toString(),
    method: spec.method ?? "GET",
    headers: spec.headers,
    body: spec.body,
    ...(spec.bodies ? { requests: spec.bodies.map((body) => ({ body })) } : {}),
    connections: options.connections,
    duration: options.durationSeconds,
    maxOverallRequests: options.maxRequests,
    timeout: 10,
  });
  const stop = () => instance.stop();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const result = await instance;
    signal?.throwIfAborted();
    const requests = result.requests.total ?? result["2xx"] + result.non2xx;
    const seconds = Math.max(result.duration, 0.001);
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    );
    return {
      requests,
      seconds,
      rps: requests / seconds,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      statusCodes,
    };
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

export type Comparison = { target: Measurement; bare: Measurement; bareRuns: Measurement[]; ratio: number };

/**
 * Measures `target` between two runs of `bare` on the same server (bare, target, bare), so slow
 * drift (GC, JIT, thermal, a noisy neighbour) hits both sides alike. The bare figure is the mean.
 */
export async function compareWithBare(
  origin: string,
  target: RequestSpec,
  bare: RequestSpec,
  options: LoadOptions,
  signal?: AbortSignal,
): Promise<Comparison> {
  const before = await measure(origin, bare, options, signal);
  const measured = await measure(origin, target, options, signal);
  const after = await measure(origin, bare, options, signal);
  const mean = meanOf([before, after]);
  return { target: measured, bare: mean, bareRuns: [before, after], ratio: mean.rps > 0 ? measured.rps / mean.rps : 0 };
}

function meanOf(runs: Measurement[]): Measurement {
  const avg = (pick: (run: Measurement) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  const statusCodes: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    rps: avg((run) => run.rps),
    p50Ms: avg((run) => run.p50Ms),
    p99Ms: avg((run) => run.p99Ms),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    statusCodes,
  };
}

/** A short unmeasured run so JIT, caches and the route's first compile are out of the way. */
export async function warmUp(
  origin: string,
  spec: RequestSpec,
  options: LoadOptions,
  signal?: AbortSignal,
): Promise<Measurement> {
  return measure(origin, spec, { connections: options.connections, durationSeconds: 2, maxRequests: 2_000 }, signal);
}
