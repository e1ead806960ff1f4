import type { MessageKey, Translate } from "@/lib/i18n/core";

/**
 * The school's API names the field it refuses, in English. People read our own words for the
 * fields of session forms; anything else keeps the server's text as given.
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
    out[field] = key ? t(key) : message;
  }
  return out;
}
