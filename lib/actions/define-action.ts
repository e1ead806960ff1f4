import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import type { Subject } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { Role } from "@/lib/db/schema";
import { readerTranslator } from "@/lib/preferences/school-languages";
import { isMessageKey, translator, type MessageKey, type Translate } from "@/lib/i18n/core";
import { failureMessage, failureOf, isInvalidInput, type Failure, type V1Client } from "@/lib/v1";
import { errorSummary } from "@/lib/security/log-safe";
import { logger } from "@/lib/ops/log";
import type { ActionFailure, ActionResult } from "./result";

export type { ActionFailure, ActionResult };

/**
 * A field error as it reaches the screen: a catalogue key, translated where it is shown. A schema's
 * own key (`admin.validation.email`) stays; anything else (zod's English, the school's text) is the
 * generic one, so the server's words never travel (docs/failures.md).
 */
export function fieldErrorKeys(fieldErrors: Record<string, string>): Record<string, MessageKey> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, message]) => [
      field,
      isMessageKey(message) ? message : "errors.invalidField",
    ]),
  );
}

/** A refusal of the dashboard itself (not the school's API); `fieldErrors` as catalogue keys. */
export function refusal(
  code: "signed_out" | "invalid_input" | "not_allowed",
  message: string,
  fieldErrors?: Record<string, string>,
): ActionFailure {
  return {
    ok: false,
    code,
    message,
    ...(fieldErrors ? { fieldErrors: fieldErrorKeys(fieldErrors) } : {}),
    retryable: false,
    blocked: false,
  };
}

/** A failure of the school's API as an action result. */
export function refusalOf(failure: Failure, t: Translate): ActionFailure {
  const invalid = isInvalidInput(failure);
  return {
    ok: false,
    code: failure.code,
    message: failureMessage(failure, t),
    ...(invalid ? { fieldErrors: fieldErrorKeys(failure.fieldErrors) } : {}),
    retryable: failure.retryable,
    blocked: failure.blocksWrites,
  };
}

export type ActionContext = { actor: Actor; subject: Subject; client: V1Client; t: Translate };

/** What the handler gets: the action's context and what its authorize step loaded. */
export type HandlerContext<L> = ActionContext & { loaded: L };

type Config<S extends z.ZodType, T, L> = {
  /** Audit name, e.g. `session.end`. */
  name: string;
  input: S;
  roles: readonly Role[];
  /**
   * Loads and checks the object itself: false denies; anything else allows, and is what it loaded
   * (`true` when nothing), handed to `run` and `details` as `ctx.loaded`. Roles alone never protect an object.
   */
  authorize: (ctx: ActionContext, input: z.output<S>) => Promise<L | false> | L | false;
  run: (ctx: HandlerContext<L>, input: z.output<S>) => Promise<T>;
  /** The record acted on; `label` (a name) is kept with the entry, since the audit log cannot ask the school for names. */
  target?: (input: z.output<S>, data?: T) => { type: string; id?: string; label?: string };
  /** What a done write changed, kept with its entry (lib/audit/changes.ts): before → after per field or student. */
  details?: (ctx: HandlerContext<L>, input: z.output<S>, data: T) => Record<string, unknown> | undefined;
  /** Writes of one sitting within this many ms are one entry (the register, saved tap by tap). */
  coalesceWithinMs?: number;
};

/** Next.js's redirect() and notFound() are thrown and must reach Next.js as they are. */
function isNextControlFlow(error: unknown): boolean {
  const digest = typeof error === "object" && error !== null && "digest" in error ? error.digest : undefined;
  return typeof digest === "string" && /^NEXT_(REDIRECT|NOT_FOUND|HTTP_ERROR_FALLBACK)/.test(digest);
}

function formToObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !name.startsWith("$ACTION")) object[name] = value;
  return object;
}

/**
 * Every server action goes through here: parse the input, load the signed-in person, check the
 * role and the object, run, and record the attempt in the audit log, allowed or not. Refusals of
 * the school's API come back as typed results for `useActionState`; surprises are thrown.
 * Call it with the input, or as `(previousState, formData)` from a form.
 */
export function defineAction<S extends z.ZodType, T, L = true>(config: Config<S, T, L>) {
  return async function action(...args: [unknown] | [unknown, FormData]): Promise<ActionResult<T>> {
    const raw = args[1] instanceof FormData ? formToObject(args[1]) : args[0];
    const actor = await currentActor();
    const t = actor ? await readerTranslator(actor) : translator("en");
    if (!actor) return refusal("signed_out", t("errors.signedOut"));
    const parsed = config.input.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
      return refusal("invalid_input", t("errors.invalidInput"), fieldErrors);
    }
    const input = parsed.data;
    const target = config.target?.(input);
    const audit = (result: "ok" | "denied" | "failed", details?: Record<string, unknown>, data?: T) => {
      const finalTarget = config.target?.(input, data) ?? target;
      const withLabel = finalTarget?.label ? { ...details, label: finalTarget.label } : details;
      return recordAudit(actor, {
        action: config.name,
        result,
        targetType: finalTarget?.type,
        targetId: finalTarget?.id,
        details: withLabel,
        coalesceWithinMs: config.coalesceWithinMs,
      });
    };
    const ctx: ActionContext = { actor, subject: await subjectOf(actor), client: clientFor(actor.connectionId), t };
    try {
      const loaded = config.roles.includes(actor.role) ? await config.authorize(ctx, input) : false;
      if (loaded === false) {
        await audit("denied");
        return refusal("not_allowed", t("errors.forbidden"));
      }
      const handlerCtx: HandlerContext<L> = { ...ctx, loaded };
      const data = await config.run(handlerCtx, input);
      await audit("ok", config.details?.(handlerCtx, input, data), data);
      return { ok: true, data };
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) {
        if (isNextControlFlow(error)) throw error;
        await audit("failed", { error: "unexpected" });
        // Its kind and codes only: a database error's message holds the SQL and its values (README, "Logs").
        const summary = errorSummary(error);
        logger().error({ kind: "action", action: config.name, error: summary }, "unexpected error in a server action");
        throw new Error(`${config.name} failed unexpectedly (${summary})`);
      }
      await audit(isInvalidInput(failure) ? "failed" : "denied", {
        code: failure.code,
        status: failure.status,
      });
      return refusalOf(failure, t);
    }
  };
}
