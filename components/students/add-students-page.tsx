import type { ReactNode } from "react";
import { BackLink } from "@/components/ui/back-link";
import { EmptyState } from "@/components/ui/empty-state";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { SemesterSwitch } from "@/components/semesters/semester-switch";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { requireActor } from "@/lib/auth/session";
import type { Halqa, Semester } from "@/lib/contract";
import { loadNewStudentOptions } from "@/lib/features/students/queries";
import { writeBlockOf } from "@/lib/features/write-access";
import { loadPage } from "@/lib/failures/page";
import type { Translate } from "@/lib/i18n/core";
import { firstParam, hrefWith, type SearchParams } from "@/lib/web/search-params";
import { getI18n } from "@/i18n/server";

/** Each way's path and words, the keys spelled out (lib/i18n/unused-keys.test.ts reads them). */
const WAYS = {
  new: { path: "/students/new", title: "students.new.title", back: "students.new.back" },
  import: { path: "/students/import", title: "students.import.title", back: "students.import.back" },
} as const;

/**
 * A page where admins add students to a semester (`/students/new` one by one, `/students/import`
 * from a file): the way back, the title and `intro`, the semester switch, then `form` for the chosen
 * semester and its halqas, read-only while the school refuses writes (none without halqas).
 */
export async function AddStudentsPage({
  searchParams,
  way,
  intro,
  form,
}: {
  searchParams: Promise<SearchParams>;
  way: keyof typeof WAYS;
  intro: (t: Translate) => ReactNode;
  form: (semester: Semester, halqas: Halqa[], t: Translate) => ReactNode;
}) {
  const actor = await requireActor(["admin"]);
  const semester = firstParam(await searchParams, "semester");
  const [{ t, date }, loaded] = await Promise.all([getI18n(), loadPage(() => loadNewStudentOptions(actor, semester))]);
  const { path, back } = WAYS[way];
  const title = t(WAYS[way].title);
  if (!loaded.ok)
    return <RefusalPage title={title} failure={loaded.failure} t={t} role={actor.role} retryHref={path} />;
  const options = loaded.value;
  // A school that refuses writes says so before anything is read or sent.
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <BackLink href={hrefWith("/students", { semester: options.selected?.id })} label={t(back)} />
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {intro(t)}
      </header>
      <SemesterSwitch connectionId={actor.connectionId} requested={semester} action={path} />
      {options.selected && options.halqas.length ? (
        <ReadOnlyWhen reason={blocked}>{form(options.selected, options.halqas, t)}</ReadOnlyWhen>
      ) : (
        <EmptyState title={t("students.new.noHalqas")} />
      )}
    </div>
  );
}
