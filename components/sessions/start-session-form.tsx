"use client";

import Link from "next/link";
import { startTransition, useActionState, useMemo, useState } from "react";
import { linkClass } from "@/components/ui/text-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PickerOrSelect } from "@/components/pickers/picker-or-select";
import { submitStartSession, type SessionFormState } from "@/lib/features/sessions/actions";
import type { StartGroup } from "@/lib/features/sessions/start-options";
import { useT } from "@/lib/i18n/client";
import { TopicField } from "./topic-field";

type Props = { groups: StartGroup[]; idempotencyKey: string; initialHalqaId?: string };

/**
 * Halqa, sheikh, optional topic. Without JavaScript the sheikh list is grouped by halqa (the
 * server refuses a sheikh who does not teach the chosen halqa, on the sheikh field); with it, the
 * list narrows to the chosen halqa's sheikhs. The groups are always few (a large school's start form
 * holds the halqa chosen with the searchable picker first, today-sections.tsx), so both are `<select>`s.
 * Words: `sessions.start`, from the page's <ClientStrings>.
 */
export function StartSessionForm({ groups, idempotencyKey, initialHalqaId }: Props) {
  const t = useT("sessions");
  const [state, action, pending] = useActionState<SessionFormState, FormData>(submitStartSession, null);
  const first = groups.length === 1 ? groups[0]?.halqa.id : undefined;
  const [halqaId, setHalqaId] = useState(
    groups.some((g) => g.halqa.id === initialHalqaId) ? (initialHalqaId ?? "") : (first ?? ""),
  );
  const only = (id: string) => {
    const sheikhs = groups.find((g) => g.halqa.id === id)?.sheikhs ?? [];
    return sheikhs.length === 1 ? (sheikhs[0]?.id ?? "") : "";
  };
  // Before a halqa is chosen, each sheikh once (one who teaches two halqas is still one person); the server checks the pair.
  const everySheikh = useMemo(
    () =>
      [...new Map(groups.flatMap((g) => g.sheikhs).map((s) => [s.id, s])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [groups],
  );
  const [sheikhId, setSheikhId] = useState(() => only(halqaId));
  const [topic, setTopic] = useState("");
  const chosen = groups.find((g) => g.halqa.id === halqaId);
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};

  function chooseHalqa(id: string) {
    setHalqaId(id);
    const allowed = groups.find((g) => g.halqa.id === id)?.sheikhs ?? [];
    if (!allowed.some((s) => s.id === sheikhId)) setSheikhId(only(id));
  }

  return (
    <form
      action={action}
      // Dispatched by hand so that React does not reset the form after the action: a reset clears a controlled
      // <select> (the halqa), and the teacher asked about a second session would have to choose it again.
      // Without JavaScript the form posts to the action as before.
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => action(data));
      }}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {state?.sameDay ? (
        // The halqa has a session today already (issue 58.1): continue it, or say a second one is meant and why.
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <p>{state.message}</p>
          <ul className="flex flex-col gap-1">
            {state.sameDay.map((session) => (
              <li key={session.id}>
                <Link
                  href={`/sessions/${encodeURIComponent(session.id)}${session.status === "open" ? "/live" : ""}`}
                  className={linkClass}
                >
                  {t("start.sameDay.open", {
                    time: session.time,
                    status:
                      session.status === "open" || session.status === "ended"
                        ? t(`status.${session.status}`)
                        : session.status,
                  })}
                </Link>
              </li>
            ))}
          </ul>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="second_session" value="yes" className="size-5 accent-primary" />
            {t("start.sameDay.second")}
          </label>
        </div>
      ) : state?.ok === false ? (
        <Alert variant="destructive" role="alert">
          {state.message}
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <PickerOrSelect
          kind="halqas"
          id="start-halqa"
          name="halqa_id"
          label={t("start.halqa")}
          error={errors.halqa_id}
          choices={groups.map((g) => g.halqa)}
          placeholder={t("start.chooseHalqa")}
          placeholderSelectable
          required
          value={{ id: halqaId, name: chosen?.halqa.name ?? "" }}
          onChange={chooseHalqa}
        />
        <PickerOrSelect
          kind="sheikhs"
          id="start-sheikh"
          name="sheikh_id"
          label={t("start.sheikh")}
          hint={t("start.sheikhHint")}
          error={errors.sheikh_id}
          choices={chosen ? chosen.sheikhs : everySheikh}
          placeholder={t("start.chooseSheikh")}
          placeholderSelectable
          required
          value={{ id: sheikhId, name: "" }}
          onChange={setSheikhId}
        />
      </div>
      <TopicField id="start-topic" label={t("start.topic")} error={errors.topic} value={topic} onChange={setTopic} />
      <div>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t("start.pending") : t("start.submit")}
        </Button>
      </div>
    </form>
  );
}
