/** OpenTelemetry's names for the samplers OTEL_TRACES_SAMPLER may choose. */
const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

export type SamplerChoice = { name: (typeof SAMPLERS)[number]; ratio: number };

/**
 * Without OTEL_TRACES_SAMPLER, a school that turns tracing on keeps one trace in ten (and the
 * decision of a caller that sent a `traceparent`): a registered tracer costs the cheapest request
 * some 10 % of its throughput whatever it records, and every span exported about 20 % (docs/operations.md,
 * "Traces"); a tenth of the traces still shows where time goes.
 */
export const DEFAULT_SAMPLER: SamplerChoice = { name: "parentbased_traceidratio", ratio: 0.1 };

/**
 * The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name (`DEFAULT_SAMPLER` when neither is
 * set; a ratio sampler named without its argument keeps every trace, as OpenTelemetry's default says),
 * checked at start (lib/ops/config-check.ts) so that a typo is refused instead of tracing everything.
 */
export function samplerChoice(env: Record<string, string | undefined> = process.env): SamplerChoice {
  const named = env.OTEL_TRACES_SAMPLER?.trim();
  const name = named || DEFAULT_SAMPLER.name;
  if (!(SAMPLERS as readonly string[]).includes(name))
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(", ")}, not "${name}"`);
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = arg ? Number(arg) : named ? 1 : DEFAULT_SAMPLER.ratio;
  if (!(ratio >= 0 && ratio <= 1))
    throw new Error(`OTEL_TRACES_SAMPLER_ARG is the share of traces to keep, from 0 to 1, not "${arg}"`);
  return { name: name as SamplerChoice["name"], ratio };
}
