import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { registerOTel } from "@vercel/otel";

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
 * OpenTelemetry through @vercel/otel, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (instrumentation.ts):
 * Next.js's own spans per request, ours per sync cycle and per v1 call, exported over OTLP
 * (OTEL_EXPORTER_OTLP_PROTOCOL, http/protobuf by default). No fetch instrumentation: its spans would
 * carry the school API's URLs with their query values; our v1 spans name the operation instead.
 */
export function registerTracing(): void {
  registerOTel({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || "halqa-dashboard",
    instrumentations: [],
    spanProcessors: [new DropQueries(), "auto"],
  });
}
