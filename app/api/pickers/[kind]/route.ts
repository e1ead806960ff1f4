// v1 calls: students ≤ 21 (at most 20 pages of listStudents + listHalqas; a teacher: one listStudents
// per taught halqa + listHalqas), halqas 1, sheikhs 1 (+1 per further 100 halqas or sheikhs); semesters cached.
import { staffJson } from "@/lib/web/staff-json";
import { PICKER_KINDS, searchPicker, type PickerKind } from "@/lib/features/pickers/search";

/**
 * The searchable pickers' source (components/pickers/): `GET /api/pickers/{students|halqas|sheikhs}?q=&semester=&after=&halqa=`
 * answers a small page of matches the signed-in person may see. A GET route handler, never a server
 * action (the client runs actions one at a time, so typing would queue behind them). Never cached.
 */
export const dynamic = "force-dynamic";

const MAX_QUERY = 120;

export async function GET(request: Request, context: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await context.params;
  const search = new URL(request.url).searchParams;
  const param = (name: string, max: number) => {
    const value = search.get(name)?.trim();
    return value && value.length <= max ? value : undefined;
  };
  return staffJson(async (actor) => {
    if (!(PICKER_KINDS as readonly string[]).includes(kind)) return null;
    return searchPicker(actor, kind as PickerKind, {
      q: (search.get("q") ?? "").slice(0, MAX_QUERY),
      semester: param("semester", 64),
      after: param("after", 1200),
      halqa: param("halqa", 64),
    });
  });
}
