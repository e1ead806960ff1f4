"use client";

import { useId, useMemo, useState } from "react";
import { Select } from "@/components/ui/select";
import { filterSurahs, type SurahOption } from "@/lib/features/live/recitation-form";
import { toLatinDigits } from "@/lib/i18n/digits";
import type { Locale } from "@/lib/i18n/core";
import { useLocale, useNumber, useT } from "@/lib/i18n/client";
import { isRightToLeft } from "@/lib/i18n/locales";

type Props = {
  surahs: readonly SurahOption[];
  value: number;
  onChange: (surah: number) => void;
  /** The juz each surah ends in, once the Quran tables are loaded (refines the juz filter). */
  endJuz?: (surah: number) => number | undefined;
  disabled?: boolean;
};

export function surahLabel(surah: SurahOption, locale: Locale, number: (value: number) => string): string {
  return isRightToLeft(locale)
    ? `${number(surah.number)}. ${surah.name_arabic}`
    : `${surah.number}. ${surah.name_transliteration} (${surah.name_arabic})`;
}

/**
 * The start surah: a search (number, Arabic or transliterated name) and a juz filter narrow a native
 * select, which opens the platform's own picker on a tablet. A single match is chosen at once.
 */
export function SurahPicker({ surahs, value, onChange, endJuz, disabled }: Props) {
  const t = useT("live");
  const locale = useLocale();
  const number = useNumber();
  const id = useId();
  const [query, setQuery] = useState("");
  const [juz, setJuz] = useState<number | null>(null);
  // The surah this picker last chose, and the value last seen: when the value moves on from outside
  // (the prefill after a recording, another kind), the search and juz filter that led to the old one go.
  const [chosen, setChosen] = useState<number | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== chosen) {
      setQuery("");
      setJuz(null);
    }
  }
  const choose = (surah: number) => {
    setChosen(surah);
    onChange(surah);
  };
  const matches = useMemo(() => filterSurahs(surahs, query, juz, endJuz), [surahs, query, juz, endJuz]);
  const selected = surahs[value - 1];
  // The chosen surah stays an option even when the filter hides it, so the select never lies.
  const options = selected && !matches.some((m) => m.number === value) ? [selected, ...matches] : matches;

  const narrow = (nextQuery: string, nextJuz: number | null) => {
    const found = filterSurahs(surahs, nextQuery, nextJuz, endJuz);
    const typed = toLatinDigits(nextQuery.trim());
    if (found.length === 1 || (found.length > 0 && /^\d+$/.test(typed) && found[0]!.number === Number(typed)))
      choose(found[0]!.number);
    else if (found.length > 0 && nextJuz !== null && !found.some((m) => m.number === value)) choose(found[0]!.number);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-40 flex-1 flex-col gap-1" htmlFor={`${id}-find`}>
        <span>{t("recitation.find")}</span>
        <input
          id={`${id}-find`}
          type="search"
          value={query}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            narrow(e.target.value, juz);
          }}
          className="h-11 rounded-md border border-border bg-card px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        />
      </label>
      {/* As wide as its longest option, never less than 8rem: "کوئی بھی پارہ" was cut in a fixed 8rem on a phone. */}
      <div className="flex min-w-32 shrink-0 flex-col gap-1">
        <label htmlFor={`${id}-juz`}>{t("recitation.juz")}</label>
        <Select
          id={`${id}-juz`}
          value={juz ?? ""}
          disabled={disabled}
          onChange={(e) => {
            const next = e.target.value === "" ? null : Number(e.target.value);
            setJuz(next);
            narrow(query, next);
          }}
        >
          <option value="">{t("recitation.anyJuz")}</option>
          {Array.from({ length: 30 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t("recitation.juzN", { n })}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-56 flex-[2] flex-col gap-1">
        <label htmlFor={`${id}-surah`}>{t("recitation.fromSurah")}</label>
        <Select id={`${id}-surah`} value={value} disabled={disabled} onChange={(e) => choose(Number(e.target.value))}>
          {options.map((surah) => (
            <option key={surah.number} value={surah.number}>
              {surahLabel(surah, locale, number)}
            </option>
          ))}
        </Select>
      </div>
      {matches.length === 0 ? (
        <p role="status" className="basis-full text-sm text-muted-foreground">
          {t("recitation.noMatch")}
        </p>
      ) : null}
    </div>
  );
}
