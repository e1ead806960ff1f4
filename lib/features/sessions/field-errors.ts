import { isMessageKey, type MessageKey, type Translate } from "@/lib/i18n/core";

/**
 * An action's field errors (catalogue keys, lib/actions/define-action.ts) in the reader's words: the
 * fields of session forms by their own sentence, any other by its key.
 */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  halqa_id: "sessions.fieldErrors.halqa",
  sheikh_id: "sessions.fieldErrors.sheikh",
  date: "sessions.fieldErrors.date",
  starts_at: "sessions.fieldErrors.startsAt",
  topic: "sessions.fieldErrors.topic",
  confirm: "sessions.fieldErrors.confirm",
};

export function translateFieldErrors(fieldErrors: Record<string, string>, t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const key = FIELD_MESSAGES[field];
    out[field] = t(key ?? (isMessageKey(message) ? message : "errors.invalidField"));
  }
  return out;
}
