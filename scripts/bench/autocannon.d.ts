// autocannon ships no types; this covers the part of its programmatic API the bench uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    /** Sent in turn by each connection (fields given here override the ones above). */
    requests?: { method?: Options["method"]; path?: string; headers?: Record<string, string>; body?: string }[];
    connections?: number;
    /** Seconds; ignored by autocannon when `amount` is set, so the bench caps with `maxOverallRequests`. */
    duration?: number;
    maxOverallRequests?: number;
    /** Per-request timeout in seconds. */
    timeout?: number;
  };

  export type Histogram = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total?: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  };

  export type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };

  export default function autocannon(options: Options): Instance;
}
