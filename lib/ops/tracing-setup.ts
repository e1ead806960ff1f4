import type { Attributes, Context, Link, SpanKind } from "@opentelemetry/api";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SamplingResult,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { registerOTel } from "@vercel/otel";
import { samplerChoice } from "./sampling";

/** URL attributes Next.js and the HTTP semantic conventions put on a request's span. */
const URL_ATTRIBUTES = ["http.target", "http.url", "url.full", "url.query", "next.url"];

/**
 * Before any exporter sees a span: a URL keeps its path and loses its query (a name searched for, a
 * sign-in's `next`), as the logs do (README "Logs: what a line may contain").
 */
class DropQueries implements SpanProcessor {
  onStart(span: Span, _context: Context): void {
    void _context;
    for (const name of URL_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === "string" && value.includes("?")) span.setAttribute(name, value.split("?")[0]!);
    }
  }
  onEnd(span: ReadableSpan): void {
    const attributes = span.attributes as Record<string, unknown>;
    delete attributes["url.query"];
    for (const name of URL_ATTRIBUTES) {
      const value = attributes[name];
      if (typeof value === "string" && value.includes("?")) attributes[name] = value.split("?")[0];
    }
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Next.js's spans of its own bookkeeping: finding, loading and preparing a route's module, and starting
 * the response. Each is a leaf, or holds only another of them, so leaving them out orphans no span.
 * They are four of the six spans of an API request and tell an operator nothing the request's span and
 * the handler's do not; made and exported, they cost more than the budget (docs/operations.md, "Traces").
 */
export const BOOKKEEPING_SPANS: ReadonlySet<string> = new Set([
  "LoadComponents.loadRouteModule",
  "NextNodeServer.findPageComponents",
  "NextNodeServer.getLayoutOrPageModule",
  "NextNodeServer.clientComponentLoading",
  "NextNodeServer.startResponse",
  "RouteModule.prepare",
  "AppRouteRouteModule.loadUserland",
]);

/** The sampler of OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (lib/ops/sampling.ts). */
export function samplerFromEnv(env: Record<string, string | undefined> = process.env): Sampler {
  const { name, ratio } = samplerChoice(env);
  const root = name.endsWith("always_off")
    ? new AlwaysOffSampler()
    : name.endsWith("traceidratio")
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

/** Records no span of Next.js's bookkeeping (`BOOKKEEPING_SPANS`); asks `base` for every other. */
export class WithoutBookkeeping implements Sampler {
  constructor(private readonly base: Sampler) {}

  shouldSample(
    context: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    const type = attributes["next.span_type"];
    if (typeof type === "string" && BOOKKEEPING_SPANS.has(type)) return { decision: SamplingDecision.NOT_RECORD };
    return this.base.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `WithoutBookkeeping{${this.base.toString()}}`;
  }
}

/**
 * OpenTelemetry through @vercel/otel, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (instrumentation.ts):
 * Next.js's own spans per request (without its bookkeeping), ours per sync cycle and per v1 call, exported over OTLP
 * (OTEL_EXPORTER_OTLP_PROTOCOL, http/protobuf by default). No fetch instrumentation: its spans would
 * carry the school API's URLs with their query values; our v1 spans name the operation instead.
 */
export function registerTracing(): void {
  registerOTel({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || "halqa-dashboard",
    instrumentations: [],
    traceSampler: new WithoutBookkeeping(samplerFromEnv()),
    spanProcessors: [new DropQueries(), "auto"],
  });
}
