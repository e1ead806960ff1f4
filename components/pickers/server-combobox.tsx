"use client";

import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from "@headlessui/react";
import { QueryClient, QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";

export type PickerOption = { id: string; label: string; hint: string | null };
type Answer = { options: PickerOption[]; more: boolean; next: string | null; scanned: number | null };

type Props = {
  kind: "students" | "halqas" | "sheikhs";
  /** The form field that carries the chosen id (a GET filter form, or a server action's form). */
  name: string;
  label: string;
  /** Narrows the search to a semester's halqas and students. */
  semester?: string;
  /** Narrows a sheikh search to those who teach this halqa (GET /sheikhs?halqa_id). */
  halqa?: string;
  initial?: PickerOption | null;
  /** Submits the surrounding form when a choice is made or cleared (filters), instead of waiting for its button. */
  submitOnChange?: boolean;
  className?: string;
  /** Told the chosen id ("" when cleared), for forms whose other fields depend on it. */
  onChange?: (id: string) => void;
  /** A hint and the field's error, shown under it and tied to the input. */
  hint?: string;
  error?: string | null;
};

const DEBOUNCE_MS = 200;
/** A name search of an admin scans the school's students in windows; the picker asks for at most this many in a row. */
const MAX_WINDOWS = 5;
const WANTED = 10;

/**
 * A searchable picker that asks the server as one types (GET /api/pickers/{kind}), never a
 * `<select>` of the whole school. Headless UI's combobox gives the roles (combobox, listbox,
 * option), the keyboard (arrows, Enter, Escape, Home/End) and right-to-left layout; the chosen
 * id travels in a hidden input, so forms work as before. Its words: `paging.picker`, sent by
 * <Picker> (picker.tsx).
 */
export function ServerCombobox(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } }));
  return (
    <QueryClientProvider client={client}>
      <Picker {...props} />
    </QueryClientProvider>
  );
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

function Picker({
  kind,
  name,
  label,
  semester,
  halqa,
  initial = null,
  submitOnChange,
  className,
  onChange,
  hint,
  error,
}: Props) {
  const t = useT("paging");
  const [selected, setSelected] = useState<PickerOption | null>(initial);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebounced(query);
  const search = useInfiniteQuery({
    queryKey: ["picker", kind, semester ?? "", halqa ?? "", q],
    enabled: open || q !== "",
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Answer) => last.next ?? undefined,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q });
      if (semester) params.set("semester", semester);
      if (halqa) params.set("halqa", halqa);
      if (pageParam) params.set("after", pageParam);
      const response = await fetch(`/api/pickers/${kind}?${params}`, {
        signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`picker search answered ${response.status}`);
      return (await response.json()) as Answer;
    },
  });
  const options = search.data?.pages.flatMap((page) => page.options) ?? [];
  const windows = search.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  // A scan that found too few matches so far goes on by itself, a bounded number of windows.
  useEffect(() => {
    if (q && hasNextPage && !isFetchingNextPage && options.length < WANTED && windows < MAX_WINDOWS)
      void fetchNextPage();
  }, [q, hasNextPage, isFetchingNextPage, options.length, windows, fetchNextPage]);

  const replayEarlyTyping = useTypedBeforeItRan();
  const field = useRef<HTMLInputElement>(null);
  const submitAfterRender = useRef(false);
  useEffect(() => {
    if (!submitAfterRender.current) return;
    submitAfterRender.current = false;
    field.current?.form?.requestSubmit();
  }, [selected]);

  function choose(option: PickerOption | null) {
    submitAfterRender.current = Boolean(submitOnChange) && option?.id !== selected?.id;
    setSelected(option);
    setQuery("");
    if (option?.id !== selected?.id) onChange?.(option?.id ?? "");
  }

  const busy = search.isFetching;
  const more = options.length > 0 && (hasNextPage || search.data?.pages.some((page) => page.more));
  return (
    <Field className={cn("flex min-w-56 flex-col gap-2", className)}>
      <Label className="text-sm leading-none font-medium">{label}</Label>
      <input ref={field} type="hidden" name={name} value={selected?.id ?? ""} />
      <Combobox
        value={selected}
        by="id"
        onChange={(option: PickerOption | null) => choose(option)}
        onClose={() => {
          setQuery("");
          setOpen(false);
        }}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            ref={replayEarlyTyping}
            className="flex h-11 w-full min-w-0 rounded-md border border-border bg-card ps-3 pe-20 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            displayValue={(option: PickerOption | null) => option?.label ?? ""}
            placeholder={t("picker.placeholder")}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onFocus={() => setOpen(true)}
            onChange={(event) => {
              setOpen(true);
              setQuery(event.target.value);
            }}
          />
          {selected ? (
            <button
              type="button"
              className="absolute inset-y-0 end-10 my-auto h-8 rounded px-2 text-sm text-muted-foreground hover:text-foreground"
              onClick={() => choose(null)}
            >
              {t("picker.clear")}
            </button>
          ) : null}
          <ComboboxButton
            className="absolute inset-y-0 end-0 w-10 text-muted-foreground"
            aria-hidden="true"
            onClick={() => setOpen(true)}
          >
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 w-(--input-width) rounded-md border border-border bg-card p-1 shadow-md [--anchor-gap:4px] empty:invisible"
        >
          {options.map((option) => (
            <ComboboxOption
              key={option.id}
              value={option}
              className="flex cursor-default flex-col rounded px-3 py-2 data-focus:bg-muted data-selected:font-semibold"
            >
              <span>{option.label}</span>
              {option.hint ? <span className="text-xs text-muted-foreground">{option.hint}</span> : null}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p className="min-h-4 text-xs text-muted-foreground" role="status" aria-live="polite">
        {search.isError
          ? t("picker.failed")
          : busy
            ? t("picker.searching")
            : q && options.length === 0 && search.isSuccess
              ? t("picker.noMatch")
              : more
                ? t("picker.more")
                : ""}
      </p>
      {hint ? <Description className="text-sm text-muted-foreground">{hint}</Description> : null}
      {error ? <Description className="text-sm font-medium text-destructive">{error}</Description> : null}
    </Field>
  );
}

/**
 * The box is rendered on the server, so on a slow tablet a person can type into it before this
 * script runs. What they typed is then in the box but was never searched. Once the picker is live,
 * that text is typed again for them (an input event, as the keyboard would send), so it is searched
 * and the list opens. The box's server value (a chosen option's label) is not typing.
 */
function useTypedBeforeItRan(): (input: HTMLInputElement | null) => void {
  const done = useRef(false);
  return useCallback((input: HTMLInputElement | null) => {
    if (!input || done.current) return;
    done.current = true;
    const typed = input.value;
    if (typed === (input.getAttribute("value") ?? "")) return;
    // After Headless UI's own effects, which set the box to the chosen option's label.
    setTimeout(() => {
      if (!input.isConnected) return;
      // Through React's own setter first, so that React sees the typed text as a change.
      input.value = "";
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, typed);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }, []);
}
