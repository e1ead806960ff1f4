import { SpanStatusCode, trace, type Attributes } from "@opentelemetry/api";

/**
 * Spans of our own (docs/operations.md, "Traces"): a sync cycle, and each attempt of a call to a
 * school's API. Without OTEL_EXPORTER_OTLP_ENDPOINT no tracer is registered and these are the API's
 * no-op spans. Attributes are names, codes and ids, never a query value or a person's data.
 */
const tracer = () => trace.getTracer("halqa-dashboard");

export async function inSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A call already made (lib/v1 reports an attempt when it is over), as a span under the current one. */
export function recordSpan(name: string, attributes: Attributes, seconds: number, failed: boolean): void {
  const end = Date.now();
  const span = tracer().startSpan(name, { attributes, startTime: end - seconds * 1000 });
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(end);
}
