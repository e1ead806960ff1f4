"use client";

import { useActionState, useState } from "react";
import { PickerOrSelect } from "@/components/pickers/picker-or-select";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { submitUpdateSession, type SessionFormState } from "@/lib/features/sessions/actions";
import type { Choice } from "@/lib/features/pickers/choices";
import { useT } from "@/lib/i18n/client";
import { TopicField } from "./topic-field";

type Props = {
  sessionId: string;
  /** Current values; the start time as `HH:MM` in the school's zone. */
  initial: { topic: string; sheikhId: string; sheikhName: string; date: string; startTime: string };
  /** Eligible sheikhs of the halqa, plus the current one when they are no longer eligible (selectChoices); null: a searchable picker of the halqa's sheikhs. */
  sheikhs: readonly Choice[] | null;
  halqaId: string;
  /** The school's zone, named in the start time's hint. */
  timeZone: string;
};

/** Words: `sessions.fields`, `sessions.update` and `paging.picker`, from the page's <ClientStrings>. */
export function UpdateSessionForm({ sessionId, initial, sheikhs, halqaId, timeZone }: Props) {
  const t = useT("sessions");
  const [state, action, pending] = useActionState<SessionFormState, FormData>(submitUpdateSession, null);
  const [topic, setTopic] = useState(initial.topic);
  const [sheikhId, setSheikhId] = useState(initial.sheikhId);
  const [date, setDate] = useState(initial.date);
  const [startTime, setStartTime] = useState(initial.startTime);
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};

  return (
    <form action={action} className="flex flex-col gap-4">
      <input type="hidden" name="id" value={sessionId} />
      {state ? (
        <Alert variant={state.ok ? "default" : "destructive"} role={state.ok ? "status" : "alert"}>
          {state.message}
        </Alert>
      ) : null}
      <TopicField id="update-topic" label={t("fields.topic")} error={errors.topic} value={topic} onChange={setTopic} />
      <PickerOrSelect
        kind="sheikhs"
        id="update-sheikh"
        name="sheikh_id"
        label={t("fields.sheikh")}
        error={errors.sheikh_id}
        choices={sheikhs}
        required
        halqa={halqaId}
        value={{ id: sheikhId, name: sheikhId === initial.sheikhId ? initial.sheikhName : sheikhId }}
        onChange={setSheikhId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="update-date" label={t("fields.date")} error={errors.date}>
          {(p) => (
            <Input {...p} type="date" name="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          )}
        </Field>
        <Field
          id="update-time"
          label={t("fields.startsAt")}
          hint={t("update.timeZoneHint", { zone: timeZone })}
          error={errors.starts_at}
        >
          {(p) => (
            <Input
              {...p}
              type="time"
              name="starts_at"
              required
              value={startTime}
              onChange={(e) => setStartTime(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t("update.pending") : t("update.submit")}
        </Button>
      </div>
    </form>
  );
}
