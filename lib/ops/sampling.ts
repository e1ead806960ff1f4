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
 * The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name (always_on when unset), checked at
 * start (lib/ops/config-check.ts) so that a typo is refused instead of tracing everything.
 */
export function samplerChoice(env: Record<string, string | undefined> = process.env): SamplerChoice {
  const name = env.OTEL_TRACES_SAMPLER?.trim() || "always_on";
  if (!(SAMPLERS as readonly string[]).includes(name))
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(", ")}, not "${name}"`);
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = arg ? Number(arg) : 1;
  if (!(ratio >= 0 && ratio <= 1))
    throw new Error(`OTEL_TRACES_SAMPLER_ARG is the share of traces to keep, from 0 to 1, not "${arg}"`);
  return { name: name as SamplerChoice["name"], ratio };
}
