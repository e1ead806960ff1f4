// v1 calls: 1 (getHalqa, to know the halqa exists for this school; GET /school memoized per client; a teacher +1 getSheikh per linked sheikh).
import { currentActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { exportRange } from "@/lib/features/progress/export-table";
import { halqaExportTable } from "@/lib/features/progress/halqa-export";
import { halqaRecord } from "@/lib/features/records";
import type { Actor } from "@/lib/auth/actor";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import { translator, type Translate } from "@/lib/i18n/core";
import type { Numerals } from "@/lib/i18n/locales";
import { failureMessage, failureOf } from "@/lib/v1";
import { exportFormat, exportResponse } from "@/lib/web/export-response";
import { failureAnswer, notFoundAnswer, signedOutAnswer } from "@/lib/web/staff-json";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A halqa's attendance and recitations between two school dates as CSV or XLSX (`format`), from
 * the progress read model. Checked exactly like the halqa page: signed out 401; a parent, a teacher who does not
 * teach the halqa, or a halqa this school does not have: 404 (the page does not admit it exists
 * either); a bad date range or file kind: 400 with what to do, in the reader's language.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  const { id } = await params;
  if (actor.role !== "admin" && actor.role !== "teacher") return notFoundAnswer();
  const { numerals } = (await getSchoolLanguages(actor.connectionId)).formats;
  const t = translator(actor.locale, numerals);
  try {
    if (!can.viewHalqa(await subjectOf(actor), id)) return notFoundAnswer();
    return await exportOf(actor, id, request, { t, numerals });
  } catch (error) {
    // The school refused or did not answer: the reason in the reader's words, never a crash page.
    const failure = failureOf(error);
    if (!failure) throw error;
    return failureAnswer(failure, failureMessage(failure, t), "text");
  }
}

async function exportOf(
  actor: Actor,
  id: string,
  request: Request,
  { t, numerals }: { t: Translate; numerals: Numerals },
): Promise<Response> {
  const url = new URL(request.url);
  const range = exportRange(url.searchParams.get("from"), url.searchParams.get("to"));
  const format = exportFormat(url.searchParams.get("format"));
  if (!range || !format)
    return new Response(t(range ? "glance.export.badFormat" : "glance.export.badRange"), {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  const [halqa, school] = await Promise.all([
    halqaRecord(actor.connectionId, id),
    clientFor(actor.connectionId).tenant(),
  ]);
  if (!halqa) return notFoundAnswer();

  const table = await halqaExportTable({ connectionId: actor.connectionId, tenantId: school.id }, id, range, t, {
    locale: actor.locale,
    numerals,
  });
  return exportResponse(table, {
    format,
    filename: `halqa-attendance-recitations-${range.from}-${range.to}`,
    sheet: halqa.name,
    locale: actor.locale,
  });
}
