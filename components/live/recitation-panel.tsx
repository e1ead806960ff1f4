"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { RegisterRecitation } from "@/lib/features/live/merge";
import type { HearToday } from "@/lib/features/notebook/hear-today";
import {
  mistakeProblem,
  suggestedRating,
  type MistakeOptions,
  type MistakeProblem,
  type MistakeTap,
} from "@/lib/features/notebook/mistakes";
import {
  formatRange,
  prefillRange,
  rangeProblem,
  type QuranRange,
  type StudentPrefill,
  type SurahOption,
} from "@/lib/features/live/recitation-form";
import {
  RECITATION_KIND_VALUES,
  type QuranPoint,
  type RecitationDraft,
  type RecitationKind,
} from "@/lib/features/live/types";
import { useLocale, useNumber, useSeparator, useT, type ClientTranslate } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";
import { Choice, inputClass, NumberField } from "./form-fields";
import { HearTodayChoices } from "./hear-today";
import { usePositions } from "./live-hooks";
import { MistakeCounter } from "./mistake-counter";
import { RecitationList, type RatingOption } from "./recitation-list";
import { SurahPicker, surahLabel } from "./surah-picker";
import { UNDO_WINDOW_MS } from "./undo-toast";

export type { RatingOption };

export type RecitationPanelProps = {
  tenantId: string;
  sessionId: string;
  studentId: string;
  name: string;
  recitations: readonly RegisterRecitation[];
  surahs: readonly SurahOption[];
  ratings: readonly RatingOption[];
  /** The school's mistake types and rating thresholds (issue 29). */
  mistakeOptions: MistakeOptions;
  /** What to hear today for this student (issue 29), when the page computed it. */
  hear?: HearToday | null;
  /** The kind and range to start with (a suggestion tapped on the student page); the dialog opens with it. */
  initial?: { kind: RecitationKind; range: QuranRange } | null;
  /** Why recitations cannot be recorded here, or null. */
  readOnly: boolean;
  onRecord: (draft: RecitationDraft) => void;
  onUpdate: (clientId: string, draft: RecitationDraft) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** Takes back a recitation still in its undo window. */
  onUndo: (clientId: string) => void;
};

async function fetchPrefill(sessionId: string, studentId: string): Promise<StudentPrefill> {
  const response = await fetch(
    `/api/live/sessions/${encodeURIComponent(sessionId)}/students/${encodeURIComponent(studentId)}/prefill`,
    {
      cache: "no-store",
      headers: { Accept: "application/json" },
    },
  );
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as StudentPrefill;
}

type Fields = { fromSurah: number; fromAyah: string; toSurah: number; toAyah: string };

const toFields = (range: QuranRange): Fields => ({
  fromSurah: range.start.surah,
  fromAyah: String(range.start.ayah),
  toSurah: range.end.surah,
  toAyah: String(range.end.ayah),
});

/** A student's recitations of this session with their state, and the entry form (in the student's sheet). */
export function RecitationEntry({
  tenantId,
  sessionId,
  studentId,
  name,
  recitations,
  surahs,
  ratings,
  mistakeOptions,
  hear,
  initial,
  readOnly,
  onRecord,
  onUpdate,
  onRetry,
  onDiscard,
  onUndo,
}: RecitationPanelProps) {
  const t = useT("live");
  const locale = useLocale();
  const number = useNumber();
  const separator = useSeparator();
  const id = useId();
  // Loaded by the register when it mounts; read here so that their arrival re-renders an open dialog, not the roster.
  const positions = usePositions();
  const [kind, setKind] = useState<RecitationKind>(initial?.kind ?? "new_memorization");
  const [override, setOverride] = useState<Fields | null>(initial ? toFields(initial.range) : null);
  const [rating, setRating] = useState<number | null>(null);
  const [taps, setTaps] = useState<MistakeTap[]>([]);
  const [placing, setPlacing] = useState<QuranPoint | null>(null);
  // A failed draft queued before issue 29 has a total and no taps.
  const [untapped, setUntapped] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [queued, setQueued] = useState(false);
  const [editorOpen, setEditorOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const prefillQuery = useQuery({
    queryKey: ["live-prefill", tenantId, sessionId, studentId],
    queryFn: () => fetchPrefill(sessionId, studentId),
    staleTime: Infinity,
    retry: 1,
    enabled: !readOnly,
  });
  const prefill = useMemo(() => {
    const data = prefillQuery.data?.studentId === studentId ? prefillQuery.data : null;
    const thisSession = recitations.map((rec) => ({
      student_id: rec.student_id,
      kind: rec.draft.kind,
      start: rec.draft.start,
      end: rec.draft.end,
      recorded_at: rec.recorded_at,
    }));
    return prefillRange(surahs, studentId, kind, {
      thisSession,
      earlier: data?.earlier ?? [],
      planSegment: data?.plan[kind] ?? null,
    });
  }, [prefillQuery.data, recitations, surahs, studentId, kind]);

  const fields: Fields =
    override ?? (prefill.range ? toFields(prefill.range) : { fromSurah: 1, fromAyah: "1", toSurah: 1, toAyah: "1" });
  const range: QuranRange = {
    start: { surah: fields.fromSurah, ayah: Number(fields.fromAyah) },
    end: { surah: fields.toSurah, ayah: Number(fields.toAyah) },
  };
  const problem = rangeProblem(surahs, range);
  // While the student's prefill is on its way the range is not known yet: no placing on ayahs then (a
  // tap placed on the placeholder 1:1 fell outside the range that arrived). Offline it is not fetching.
  const rangePending = override === null && prefillQuery.isPending && prefillQuery.fetchStatus === "fetching";
  const mistakesValue = taps.length > 0 ? taps.length : (untapped ?? 0);
  const suggested = suggestedRating(
    mistakesValue,
    ratings.map((x) => x.value),
    mistakeOptions.thresholds,
  );
  const chosenRating = rating ?? suggested;
  const tapsProblem = problem
    ? null
    : mistakeProblem(
        { mistakes: mistakesValue, taps, start: range.start, end: range.end },
        mistakeOptions.types.map((type) => type.id),
      );
  const problemText = (field: "start" | "end"): string | null => {
    if (!problem || problem.field !== field) return null;
    if (problem.kind === "surah") return t("recitation.problems.surah");
    if (problem.kind === "order") return t("recitation.problems.order");
    return t("recitation.problems.ayah", {
      surah: field === "start" ? fields.fromSurah : fields.toSurah,
      max: problem.max,
    });
  };
  const edit = (patch: Partial<Fields>) => {
    setQueued(false);
    const next = { ...fields, ...patch };
    // A new start surah after the end surah moves the end along.
    if (patch.fromSurah !== undefined && next.toSurah < next.fromSurah) next.toSurah = next.fromSurah;
    setOverride(next);
  };
  const info = !problem && !rangePending && positions ? rangeInfo(range, positions, t, number) : null;
  const endJuz = useMemo(
    () =>
      positions
        ? (n: number) => (surahs[n - 1] ? positions.juz({ surah: n, ayah: surahs[n - 1]!.ayah_count }) : undefined)
        : undefined,
    [positions, surahs],
  );

  const reset = () => {
    setOverride(null);
    setRating(null);
    setTaps([]);
    setPlacing(null);
    setUntapped(null);
    setNote("");
    setEditing(null);
    setShowProblems(false);
  };

  const ratingLabel = (value: number) => ratings.find((x) => x.value === value)?.label ?? number(value);

  const submit = () => {
    if (problem || chosenRating === null || tapsProblem) {
      setShowProblems(true);
      return;
    }
    const draft: RecitationDraft = {
      student_id: studentId,
      kind,
      start: range.start,
      end: range.end,
      rating: chosenRating,
      mistakes: mistakesValue,
      note: note.trim() || null,
      ...(taps.length > 0 ? { taps } : {}),
    };
    if (editing) onUpdate(editing, draft);
    else onRecord(draft);
    reset();
    setQueued(true);
  };

  const startEdit = (rec: RegisterRecitation) => {
    // The form is above the list: the teacher sees what they are correcting.
    formRef.current?.scrollIntoView({ block: "nearest" });
    setEditing(rec.key);
    setKind(rec.draft.kind);
    setOverride(toFields(rec.draft));
    setRating(rec.draft.rating);
    setTaps(rec.draft.taps ?? []);
    setUntapped(rec.draft.taps?.length ? null : rec.draft.mistakes);
    setNote(rec.draft.note ?? "");
  };

  // On a phone the passage's fields open on "Change the passage", or by themselves while no passage is
  // known or the one typed is wrong; collapsed, the passage is one line, so that the counters and Record
  // are on the first screen with it (issue 58). From sm up there is room for all of it: always open.
  const known = override !== null || prefill.range !== null;
  const editorShown = editorOpen || problem !== null || (!known && !rangePending);

  return (
    <div className="flex flex-col gap-4 pt-2">
      {readOnly ? null : (
        <form
          ref={formRef}
          aria-label={t("recitation.submit", { name })}
          noValidate
          // On a phone the sheet's own edge frames it: no border, padding or wide gaps of its own.
          className="flex min-w-0 flex-col gap-2 rounded-md sm:gap-3 sm:border sm:border-border sm:p-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Choice
            legend={t("recitation.kind")}
            legendOnPhone={false}
            name={`${id}-kind`}
            value={kind}
            options={RECITATION_KIND_VALUES.map((k) => ({ value: k, label: t(`recitation.kinds.${k}`) }))}
            onChange={(k) => {
              setKind(k);
              setOverride(null);
            }}
          />
          <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="min-w-0">
              <span className="font-semibold">
                {rangePending
                  ? "…"
                  : problem
                    ? t("recitation.choosePassage")
                    : formatRange(range, surahs, locale, number)}
              </span>
              {info ? (
                <>
                  {separator}
                  <span className="text-muted-foreground">{info}</span>
                </>
              ) : null}
            </p>
            <Button
              type="button"
              variant="outline"
              className="sm:hidden"
              aria-expanded={editorShown}
              aria-controls={`${id}-passage`}
              onClick={() => setEditorOpen(!editorShown)}
            >
              {t("recitation.changePassage")}
            </Button>
            {prefill.source && !override ? (
              <p className="basis-full text-sm text-muted-foreground">
                {prefill.source === "plan"
                  ? t("recitation.prefilledPlan")
                  : t("recitation.prefilledLast", { kind: t(`recitation.kinds.${kind}`) })}
              </p>
            ) : null}
          </div>
          <div id={`${id}-passage`} className={cn("flex flex-col gap-3", !editorShown && "max-sm:hidden")}>
            {hear ? (
              <HearTodayChoices
                hear={hear}
                surahs={surahs}
                onPick={(k, picked) => {
                  setQueued(false);
                  setKind(k);
                  setOverride(toFields(picked));
                  setEditorOpen(false);
                }}
              />
            ) : null}
            <SurahPicker
              surahs={surahs}
              value={fields.fromSurah}
              onChange={(n) =>
                edit({ fromSurah: n, fromAyah: "1", toSurah: n, toAyah: String(surahs[n - 1]?.ayah_count ?? 1) })
              }
              endJuz={endJuz}
            />
            <div className="flex flex-wrap items-start gap-3">
              <NumberField
                label={t("recitation.fromAyah")}
                value={fields.fromAyah}
                onChange={(v) => edit({ fromAyah: v })}
                error={showProblems || fields.fromAyah !== "" ? problemText("start") : null}
              />
              <div className="flex min-w-56 flex-[2] flex-col gap-1">
                <label htmlFor={`${id}-to-surah`}>{t("recitation.toSurah")}</label>
                <Select
                  id={`${id}-to-surah`}
                  value={fields.toSurah}
                  onChange={(e) =>
                    edit({
                      toSurah: Number(e.target.value),
                      toAyah: String(surahs[Number(e.target.value) - 1]?.ayah_count ?? 1),
                    })
                  }
                >
                  {surahs
                    .filter((x) => x.number >= fields.fromSurah)
                    .map((x) => (
                      <option key={x.number} value={x.number}>
                        {surahLabel(x, locale, number)}
                      </option>
                    ))}
                </Select>
              </div>
              <NumberField
                label={t("recitation.toAyah")}
                value={fields.toAyah}
                onChange={(v) => edit({ toAyah: v })}
                error={showProblems || fields.toAyah !== "" ? problemText("end") : null}
              />
            </div>
          </div>
          <MistakeCounter
            options={mistakeOptions}
            range={problem || rangePending ? null : range}
            surahs={surahs}
            taps={taps}
            at={placing}
            onAt={setPlacing}
            onTaps={(next) => {
              setQueued(false);
              setTaps(next);
            }}
          />
          {showProblems && tapsProblem ? (
            <p className="text-destructive">{mistakeProblemText(tapsProblem, t)}</p>
          ) : null}
          <Choice
            legend={t("recitation.rating")}
            name={`${id}-rating`}
            value={chosenRating}
            options={ratings.map((x) => ({ value: x.value, label: x.label }))}
            onChange={setRating}
            error={showProblems && chosenRating === null ? t("recitation.problems.rating") : null}
          />
          {suggested !== null ? (
            <p className="text-sm text-muted-foreground">
              {rating === null || rating === suggested
                ? t("mistakes.suggested", { mistakes: mistakesValue })
                : t("mistakes.overridden", { rating: ratingLabel(suggested) })}
            </p>
          ) : null}
          <label className="flex gap-1 max-sm:items-center max-sm:gap-3 sm:flex-col">
            <span>{t("recitation.note")}</span>
            <input
              type="text"
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={cn(inputClass, "min-w-0 flex-1")}
            />
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{editing ? t("recitation.resubmit") : t("recitation.submit", { name })}</Button>
            {editing ? (
              <Button variant="ghost" onClick={reset}>
                {t("recitation.cancelEdit")}
              </Button>
            ) : null}
            <p role="status" className="text-muted-foreground">
              {queued ? t("recitation.queued") : null}
            </p>
          </div>
          <p className="text-sm text-muted-foreground">{t("recitation.finalNote", { s: UNDO_WINDOW_MS / 1000 })}</p>
        </form>
      )}

      <RecitationList
        name={name}
        recitations={recitations}
        surahs={surahs}
        ratings={ratings}
        readOnly={readOnly}
        onEdit={startEdit}
        onRetry={onRetry}
        onDiscard={onDiscard}
        onUndo={onUndo}
      />
    </div>
  );
}

function rangeInfo(
  range: QuranRange,
  positions: NonNullable<ReturnType<typeof usePositions>>,
  t: ClientTranslate<"live">,
  number: (value: number) => string,
): string {
  const span = (a: number, b: number) => (a === b ? number(a) : `${number(a)}–${number(b)}`);
  return t("recitation.rangeInfo", {
    pages: span(positions.page(range.start), positions.page(range.end)),
    juz: span(positions.juz(range.start), positions.juz(range.end)),
  });
}

/** The same reasons the server gives (lib/features/notebook/refusal.ts), before anything is queued. */
function mistakeProblemText(problem: MistakeProblem, t: ClientTranslate<"live">): string {
  if (problem.kind === "outside")
    return t("mistakes.problems.outside", {
      position: problem.index + 1,
      surah: problem.at.surah,
      ayah: problem.at.ayah,
    });
  if (problem.kind === "type") return t("mistakes.problems.type", { type: problem.type });
  if (problem.kind === "total") return t("mistakes.problems.total", { tapped: problem.taps });
  if (problem.kind === "tooMany") return t("mistakes.problems.tooMany", { max: problem.max });
  return t("mistakes.problems.negative");
}
