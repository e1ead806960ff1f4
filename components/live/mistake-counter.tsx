"use client";

import { Button } from "@/components/ui/button";
import type { SurahOption } from "@/lib/features/live/recitation-form";
import type { QuranPoint } from "@/lib/features/live/types";
import {
  clampToRange,
  countsByType,
  MISTAKES_MAX,
  stepAyah,
  type MistakeOptions,
  type MistakeRange,
  type MistakeTap,
} from "@/lib/features/notebook/mistakes";
import { useLocale, useNumber, useT } from "@/lib/i18n/client";
import { isRightToLeft } from "@/lib/i18n/locales";

type Props = {
  options: MistakeOptions;
  range: MistakeRange | null;
  surahs: readonly SurahOption[];
  taps: readonly MistakeTap[];
  /** The ayah being heard (the stepper's place), or null when not placing. */
  at: QuranPoint | null;
  onAt: (at: QuranPoint | null) => void;
  onTaps: (taps: MistakeTap[]) => void;
};

/**
 * Mistakes as they are heard (issue 29): a large counter per type, each tap placed on the ayah the
 * stepper shows (when placing is on), and Undo of the last tap. No keyboard.
 */
export function MistakeCounter({ options, range, surahs, taps, at, onAt, onTaps }: Props) {
  const t = useT("live");
  const number = useNumber();
  const rtl = isRightToLeft(useLocale());
  const counts = countsByType(
    taps,
    options.types.map((type) => type.id),
  );
  const place = range && at ? clampToRange(at, range) : null;
  const surahName = (n: number) =>
    (rtl ? surahs[n - 1]?.name_arabic : surahs[n - 1]?.name_transliteration) ?? number(n);
  const label = (id: string) => options.types.find((type) => type.id === id)?.label ?? id;
  const last = taps.at(-1);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      {/* Each counter shows its own count: on a phone the total is for screen readers only. */}
      <legend className="mb-1 max-sm:sr-only">{t("mistakes.legend", { heard: taps.length })}</legend>
      {range ? (
        <div role="group" aria-label={t("mistakes.stepper")} className="flex flex-wrap items-center gap-2">
          {place ? (
            <>
              <Button
                type="button"
                variant="outline"
                className="min-h-11 min-w-11"
                aria-label={t("mistakes.previousAyah")}
                onClick={() => onAt(stepAyah(surahs, range, place, -1))}
              >
                {rtl ? "›" : "‹"}
              </Button>
              <output aria-live="polite" className="min-w-32 text-center font-semibold">
                {t("mistakes.ayah", { surah: surahName(place.surah), ayah: number(place.ayah) })}
              </output>
              <Button
                type="button"
                variant="outline"
                className="min-h-11 min-w-11"
                aria-label={t("mistakes.nextAyah")}
                onClick={() => onAt(stepAyah(surahs, range, place, 1))}
              >
                {rtl ? "‹" : "›"}
              </Button>
              <Button type="button" variant="ghost" className="min-h-11" onClick={() => onAt(null)}>
                {t("mistakes.stopPlacing")}
              </Button>
            </>
          ) : (
            <Button type="button" variant="outline" className="min-h-11" onClick={() => onAt(range.start)}>
              {t("mistakes.startPlacing")}
            </Button>
          )}
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.types.map((type) => (
          <Button
            key={type.id}
            type="button"
            variant="outline"
            // A type's name wraps inside its counter ("Forgotten or wrong word" overflowed it on a tablet).
            className="flex h-auto min-h-16 touch-manipulation flex-col items-center justify-center gap-0 px-2 py-2 text-center text-base leading-tight whitespace-normal"
            aria-label={t("mistakes.add", { type: type.label, tapped: counts.get(type.id) ?? 0 })}
            disabled={taps.length >= MISTAKES_MAX}
            onClick={() => onTaps([...taps, { type: type.id, at: place }])}
          >
            <span className="text-balance break-words">{type.label}</span>
            <span aria-hidden className="text-2xl font-semibold">
              {number(counts.get(type.id) ?? 0)}
            </span>
          </Button>
        ))}
      </div>
      {/* One line that never widens: a long type's name is cut short on screen (its whole name is read
          out), so a tap never slides the counters sideways under the finger (issue 58). */}
      <div className="flex min-h-11 min-w-0 items-center gap-3">
        <Button
          type="button"
          variant="ghost"
          className="min-h-11 max-w-full min-w-0 shrink"
          disabled={!last}
          onClick={() => onTaps(taps.slice(0, -1))}
        >
          <span className="truncate">
            {last ? t("mistakes.undo", { type: label(last.type) }) : t("mistakes.undoNone")}
          </span>
        </Button>
        {last?.at ? (
          <span className="min-w-0 truncate text-muted-foreground">
            {t("mistakes.lastAt", { surah: surahName(last.at.surah), ayah: number(last.at.ayah) })}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
