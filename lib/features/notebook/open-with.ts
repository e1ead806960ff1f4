import { RECITATION_KIND_VALUES, type RecitationKind } from "@/lib/features/live/types";
import { comparePoints, pointProblem, type QuranPoint } from "@/lib/quran";

/** The register opened on one student's recitation dialog, prefilled (from "what to hear today"). */
export type OpenWith = { studentId: string; kind: RecitationKind; range: { start: QuranPoint; end: QuranPoint } };

function pointOf(text: string | undefined): QuranPoint | null {
  const match = /^(\d{1,3}):(\d{1,3})$/.exec(text ?? "");
  if (!match) return null;
  const point = { surah: Number(match[1]), ayah: Number(match[2]) };
  return pointProblem(point) ? null : point;
}

/** The register's `?student=&kind=&from=&to=`, or null when any part is missing or not a real range (then the register opens as usual). */
export function openWithOf(query: { student?: string; kind?: string; from?: string; to?: string }): OpenWith | null {
  const kind = RECITATION_KIND_VALUES.find((k) => k === query.kind);
  const start = pointOf(query.from);
  const end = pointOf(query.to);
  if (!query.student || query.student.length > 255 || !kind || !start || !end || comparePoints(start, end) > 0)
    return null;
  return { studentId: query.student, kind, range: { start, end } };
}
