import { context, trace, type Tracer } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type Sampler,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { samplerChoice } from "./sampling";
import { BOOKKEEPING_SPANS, samplerFromEnv, WithoutBookkeeping } from "./tracing-setup";

/** Spans made the way Next.js makes them (its type in `next.span_type`), nested as `tree` says, then exported. */
function exportedSpans(sampler: Sampler, tree: Node) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer("test");
  make(tracer, tree, context.active());
  return exporter.getFinishedSpans();
}
type Node = { type: string; children?: Node[] };
function make(tracer: Tracer, node: Node, parent: ReturnType<typeof context.active>) {
  const span = tracer.startSpan(node.type, { attributes: { "next.span_type": node.type } }, parent);
  for (const child of node.children ?? []) make(tracer, child, trace.setSpan(parent, span));
  span.end();
}

// An API request's six spans as Next.js 16 makes them, with a span of ours in the handler.
const API_REQUEST: Node = {
  type: "BaseServer.handleRequest",
  children: [
    { type: "NextNodeServer.findPageComponents", children: [{ type: "LoadComponents.loadRouteModule" }] },
    { type: "RouteModule.prepare" },
    { type: "AppRouteRouteHandlers.runHandler", children: [{ type: "v1 listStudents" }] },
    { type: "NextNodeServer.startResponse" },
  ],
};

describe("traces without Next.js's bookkeeping", () => {
  it("exports the request's span, the handler's and ours, and every exported parent is exported too", () => {
    const spans = exportedSpans(
      new WithoutBookkeeping(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_on" })),
      API_REQUEST,
    );
    expect(spans.map((span) => span.name).sort()).toEqual([
      "AppRouteRouteHandlers.runHandler",
      "BaseServer.handleRequest",
      "v1 listStudents",
    ]);
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    for (const span of spans) {
      const parent = span.parentSpanContext?.spanId;
      if (parent) expect(ids, `${span.name}'s parent`).toContain(parent);
    }
  });

  it("leaves no bookkeeping span, and defers every other span to the configured sampler", () => {
    expect(
      exportedSpans(new WithoutBookkeeping(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_on" })), API_REQUEST).map(
        (s) => s.name,
      ),
    ).not.toEqual(expect.arrayContaining([...BOOKKEEPING_SPANS]));
    expect(
      exportedSpans(new WithoutBookkeeping(samplerFromEnv({ OTEL_TRACES_SAMPLER: "always_off" })), API_REQUEST),
    ).toEqual([]);
  });
});

describe("OTEL_TRACES_SAMPLER and its argument", () => {
  it("takes OpenTelemetry's names; unset, it keeps one trace in ten (and a caller's decision)", () => {
    expect(samplerChoice({})).toEqual({ name: "parentbased_traceidratio", ratio: 0.1 });
    expect(samplerFromEnv({}).toString()).toMatch(/ParentBased.*TraceIdRatioBased\{0\.1\}/);
    expect(samplerChoice({ OTEL_TRACES_SAMPLER_ARG: "0.5" })).toEqual({ name: "parentbased_traceidratio", ratio: 0.5 });
    expect(samplerChoice({ OTEL_TRACES_SAMPLER: "traceidratio" })).toEqual({ name: "traceidratio", ratio: 1 });
    expect(samplerChoice({ OTEL_TRACES_SAMPLER: "always_on" })).toEqual({ name: "always_on", ratio: 1 });
    expect(samplerChoice({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" })).toEqual({
      name: "parentbased_traceidratio",
      ratio: 0.1,
    });
    expect(
      samplerFromEnv({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.25" }).toString(),
    ).toMatch(/ParentBased.*TraceIdRatioBased\{0\.25\}/);
  });

  it("refuses a name it does not know and a share outside 0–1, saying what it takes", () => {
    expect(() => samplerChoice({ OTEL_TRACES_SAMPLER: "alwayson" })).toThrow(
      /must be one of always_on, .*not "alwayson"/,
    );
    expect(() => samplerChoice({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "10%" })).toThrow(
      /from 0 to 1, not "10%"/,
    );
    expect(() => samplerChoice({ OTEL_TRACES_SAMPLER_ARG: "1.5" })).toThrow(/from 0 to 1/);
  });
});
