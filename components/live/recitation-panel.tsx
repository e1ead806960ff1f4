"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { RegisterRecitation } from "@/lib/features/live/merge";
import type { Positions } from "@/lib/features/live/quran-positions";
import { prefillRange, rangeProblem, type QuranRange, type StudentPrefill, type SurahOption } from "@/lib/features/live/recitation-form";
import { RECITATION_KIND_VALUES, type RecitationDraft, type RecitationKind } from "@/lib/features/live/types";
import { useLocale, useNumber, useT, type ClientTranslate } from "@/lib/i18n/client";
import type { Locale } from "@/lib/i18n/core";
import { cn } from "@/lib/utils";
import { Choice, inputClass, NumberField } from "./form-fields";
import { SurahPicker, surahLabel } from "./surah-picker";
import { UNDO_WINDOW_MS, useSecondsLeft } from "./undo-toast";
import { isRightToLeft } from "@/lib/i18n/locales";

export type RatingOption = { value: number; label: string };

export type RecitationPanelProps = {
  tenantId: string;
  sessionId: string;
  studentId: string;
  name: string;
  recitations: readonly RegisterRecitation[];
  surahs: readonly SurahOption[];
  ratings: readonly RatingOption[];
  positions: Positions | null;
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
  const response = await fetch(`/api/live/sessions/${encodeURIComponent(sessionId)}/students/${encodeURIComponent(studentId)}/prefill`, {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as StudentPrefill;
}

export function formatRange(range: QuranRange, surahs: readonly SurahOption[], locale: Locale, number: (value: number) => string): string {
  const name = (n: number) => {
    const surah = surahs[n - 1];
    return surah ? (isRightToLeft(locale) ? surah.name_arabic : surah.name_transliteration) : number(n);
  };
  const [start, end] = [`${name(range.start.surah)} ${number(range.start.ayah)}`, number(range.end.ayah)];
  if (range.start.surah !== range.end.surah) return `${start} – ${name(range.end.surah)} ${end}`;
  return range.start.ayah === range.end.ayah ? start : `${start}–${end}`;
}

type Fields = { fromSurah: number; fromAyah: string; toSurah: number; toAyah: string };

const toFields = (range: QuranRange): Fields => ({ fromSurah: range.start.surah, fromAyah: String(range.start.ayah), toSurah: range.end.surah, toAyah: String(range.end.ayah) });

/** A student's recitations of this session with their state, and the entry form (in the student's sheet). */
export function RecitationEntry({ tenantId, sessionId, studentId, name, recitations, surahs, ratings, positions, readOnly, onRecord, onUpdate, onRetry, onDiscard, onUndo }: RecitationPanelProps) {
  const t = useT("live");
  const locale = useLocale();
  const number = useNumber();
  const id = useId();
  const [kind, setKind] = useState<RecitationKind>("new_memorization");
  const [override, setOverride] = useState<Fields | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [mistakes, setMistakes] = useState("");
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [queued, setQueued] = useState(false);

  const prefillQuery = useQuery({
    queryKey: ["live-prefill", tenantId, sessionId, studentId],
    queryFn: () => fetchPrefill(sessionId, studentId),
    staleTime: Infinity,
    retry: 1,
    enabled: !readOnly,
  });
  const prefill = useMemo(() => {
    const data = prefillQuery.data?.studentId === studentId ? prefillQuery.data : null;
    const thisSession = recitations.map((rec) => ({ student_id: rec.student_id, kind: rec.draft.kind, start: rec.draft.start, end: rec.draft.end, recorded_at: rec.recorded_at }));
    return prefillRange(surahs, studentId, kind, { thisSession, earlier: data?.earlier ?? [], planSegment: data?.plan[kind] ?? null });
  }, [prefillQuery.data, recitations, surahs, studentId, kind]);

  const fields: Fields = override ?? (prefill.range ? toFields(prefill.range) : { fromSurah: 1, fromAyah: "1", toSurah: 1, toAyah: "1" });
  const range: QuranRange = { start: { surah: fields.fromSurah, ayah: Number(fields.fromAyah) }, end: { surah: fields.toSurah, ayah: Number(fields.toAyah) } };
  const problem = rangeProblem(surahs, range);
  const mistakesValue = mistakes.trim() === "" ? null : Number(mistakes);
  const mistakesOk = mistakesValue === null || (Number.isInteger(mistakesValue) && mistakesValue >= 0 && mistakesValue <= 999);
  const problemText = (field: "start" | "end"): string | null => {
    if (!problem || problem.field !== field) return null;
    if (problem.kind === "surah") return t("recitation.problems.surah");
    if (problem.kind === "order") return t("recitation.problems.order");
    return t("recitation.problems.ayah", { surah: field === "start" ? fields.fromSurah : fields.toSurah, max: problem.max });
  };
  const edit = (patch: Partial<Fields>) => {
    setQueued(false);
    const next = { ...fields, ...patch };
    // A new start surah after the end surah moves the end along.
    if (patch.fromSurah !== undefined && next.toSurah < next.fromSurah) next.toSurah = next.fromSurah;
    setOverride(next);
  };
  const info = !problem && positions ? rangeInfo(range, positions, t, number) : null;
  const endJuz = useMemo(() => (positions ? (n: number) => (surahs[n - 1] ? positions.juz({ surah: n, ayah: surahs[n - 1]!.ayah_count }) : undefined) : undefined), [positions, surahs]);

  const reset = () => {
    setOverride(null);
    setRating(null);
    setMistakes("");
    setNote("");
    setEditing(null);
    setShowProblems(false);
  };

  const submit = () => {
    if (problem || rating === null || !mistakesOk) {
      setShowProblems(true);
      return;
    }
    const draft: RecitationDraft = { student_id: studentId, kind, start: range.start, end: range.end, rating, mistakes: mistakesValue, note: note.trim() || null };
    if (editing) onUpdate(editing, draft);
    else onRecord(draft);
    reset();
    setQueued(true);
  };

  const startEdit = (rec: RegisterRecitation) => {
    setEditing(rec.key);
    setKind(rec.draft.kind);
    setOverride(toFields(rec.draft));
    setRating(rec.draft.rating);
    setMistakes(rec.draft.mistakes != null ? String(rec.draft.mistakes) : "");
    setNote(rec.draft.note ?? "");
  };

  const ratingLabel = (value: number) => ratings.find((x) => x.value === value)?.label ?? number(value);

  return (
    <div className="flex flex-col gap-4 pt-2">
      {recitations.length === 0 ? (
        <p className="text-muted-foreground">{t("recitation.none")}</p>
      ) : (
        <ul aria-label={t("recitation.listLabel", { name })} className="flex flex-col gap-2">
          {recitations.map((rec) => (
            <li key={rec.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-2">
              <span>{t("recitation.item", { kind: t(`recitation.kinds.${rec.draft.kind}`), range: formatRange(rec.draft, surahs, locale, number), rating: ratingLabel(rec.draft.rating) })}</span>
              {rec.heldUntil !== null ? (
                <HeldState until={rec.heldUntil} onUndo={() => onUndo(rec.key)} />
              ) : (
                <span className={cn(rec.state === "failed" ? "text-destructive" : "text-muted-foreground")}>
                  {rec.state === "failed" ? t("row.failed", { reason: rec.reason ?? "" }) : rec.state === "saved" ? t("row.saved") : rec.sending ? t("row.sending") : t("row.pending")}
                </span>
              )}
              {rec.state === "failed" && !readOnly ? (
                <span className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" className="min-h-11" onClick={() => startEdit(rec)}>
                    {t("recitation.edit")}
                  </Button>
                  <Button size="sm" variant="outline" className="min-h-11" onClick={() => onRetry(rec.key)}>
                    {t("row.retry")}
                  </Button>
                  <Button size="sm" variant="ghost" className="min-h-11" onClick={() => onDiscard(rec.key)}>
                    {t("row.discard")}
                  </Button>
                </span>
              ) : rec.state === "failed" ? (
                <Button size="sm" variant="ghost" className="min-h-11" onClick={() => onDiscard(rec.key)}>
                  {t("row.discard")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {readOnly ? null : (
        <form
          aria-label={t("recitation.submit", { name })}
          noValidate
          className="flex flex-col gap-3 rounded-md border border-border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Choice legend={t("recitation.kind")} name={`${id}-kind`} value={kind} options={RECITATION_KIND_VALUES.map((k) => ({ value: k, label: t(`recitation.kinds.${k}`) }))} onChange={(k) => { setKind(k); setOverride(null); }} />
          {prefill.source && !override ? <p className="text-muted-foreground">{prefill.source === "plan" ? t("recitation.prefilledPlan") : t("recitation.prefilledLast", { kind: t(`recitation.kinds.${kind}`) })}</p> : null}
          <SurahPicker surahs={surahs} value={fields.fromSurah} onChange={(n) => edit({ fromSurah: n, fromAyah: "1", toSurah: n, toAyah: String(surahs[n - 1]?.ayah_count ?? 1) })} endJuz={endJuz} />
          <div className="flex flex-wrap items-start gap-3">
            <NumberField label={t("recitation.fromAyah")} value={fields.fromAyah} onChange={(v) => edit({ fromAyah: v })} error={showProblems || fields.fromAyah !== "" ? problemText("start") : null} />
            <div className="flex min-w-56 flex-[2] flex-col gap-1">
              <label htmlFor={`${id}-to-surah`}>{t("recitation.toSurah")}</label>
              <Select id={`${id}-to-surah`} value={fields.toSurah} onChange={(e) => edit({ toSurah: Number(e.target.value), toAyah: String(surahs[Number(e.target.value) - 1]?.ayah_count ?? 1) })}>
                {surahs.filter((x) => x.number >= fields.fromSurah).map((x) => (
                  <option key={x.number} value={x.number}>
                    {surahLabel(x, locale, number)}
                  </option>
                ))}
              </Select>
            </div>
            <NumberField label={t("recitation.toAyah")} value={fields.toAyah} onChange={(v) => edit({ toAyah: v })} error={showProblems || fields.toAyah !== "" ? problemText("end") : null} />
          </div>
          <p aria-live="polite" className="min-h-5 text-muted-foreground">
            {info}
          </p>
          <Choice legend={t("recitation.rating")} name={`${id}-rating`} value={rating} options={ratings.map((x) => ({ value: x.value, label: x.label }))} onChange={setRating} error={showProblems && rating === null ? t("recitation.problems.rating") : null} />
          <div className="flex flex-wrap items-start gap-3">
            <NumberField label={t("recitation.mistakes")} value={mistakes} onChange={setMistakes} error={mistakesOk ? null : t("recitation.problems.mistakes")} />
            <label className="flex min-w-48 flex-1 flex-col gap-1">
              <span>{t("recitation.note")}</span>
              <input type="text" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className={inputClass} />
            </label>
          </div>
          <p className="text-sm text-muted-foreground">{t("recitation.finalNote", { s: UNDO_WINDOW_MS / 1000 })}</p>
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
        </form>
      )}
    </div>
  );
}

function rangeInfo(range: QuranRange, positions: Positions, t: ClientTranslate<"live">, number: (value: number) => string): string {
  const span = (a: number, b: number) => (a === b ? number(a) : `${number(a)}–${number(b)}`);
  return t("recitation.rangeInfo", { pages: span(positions.page(range.start), positions.page(range.end)), juz: span(positions.juz(range.start), positions.juz(range.end)) });
}

/** A recitation in its undo window: the seconds left and its Undo (inside the dialog, where the teacher is). */
function HeldState({ until, onUndo }: { until: number; onUndo: () => void }) {
  const t = useT("live");
  const seconds = useSecondsLeft(until) ?? 0;
  return (
    <span className="flex items-center gap-2">
      <span className="text-muted-foreground">{t("recitation.held", { s: seconds })}</span>
      <Button size="sm" variant="outline" className="min-h-11" onClick={onUndo}>
        {t("undo.action")}
      </Button>
    </span>
  );
}
