import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { progressRecitations, syncedAssignments } from "@/lib/db/schema";
import { addDays } from "@/lib/dates";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { ayahIdOf } from "@/lib/quran/cover";
import { PUBLISHED_STATES, WEEK_DAYS } from "./plan-heard";

/**
 * Plan against register (the rule of plan-heard.ts) in the database: each judged assignment's state,
 * so that a whole school's figure is counted there, not by reading every student's recitations.
 * `planHeard` in plan-heard.ts states the rule; plan-heard-query.test.ts holds this query to it.
 *
 * An ayah is covered when a recitation of the segment's kind by the same student, recorded since the
 * assignment was published, spans it. A segment's covered ayahs are the length of the union of those
 * recitations' spans clipped to the segment: sorted by start, each span adds what lies beyond the
 * furthest end of the spans before it.
 */

/** First mushaf-wide ayah number of each surah (index 1…114), from the same table as `ayahIdOf`. */
const SURAH_FIRST_AYAH = sql.raw(
  `'{${Array.from({ length: 114 }, (_, i) => ayahIdOf({ surah: i + 1, ayah: 1 })).join(",")}}'::int[]`,
);
const ayahId = (point: SQL) => sql`(${SURAH_FIRST_AYAH})[(${point}->>'surah')::int] + (${point}->>'ayah')::int - 1`;
/** Values as a parameter list, for `in (…)`. */
export const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const publishedStates = sqlList(PUBLISHED_STATES);

/**
 * The judged assignments of the students `students` selects (a subquery or list of student ids, for
 * `student_id in (…)`), one row each: id, student_id, plan_id, position, due_date, segments, state.
 */
export function planHeardStates(scope: Required<StoreScope>, students: SQL, today: string): SQL {
  return sql`
    with judged as (
      select a.id, a.student_id, a.plan_id, a.position, a.data,
        date_trunc('milliseconds', (a.data->>'published_at')::timestamptz) as since
      from ${syncedAssignments} a
      where a.connection_id = ${scope.connectionId} and a.tenant_id = ${scope.tenantId}
        and a.student_id in (${students})
        and a.data->>'student_id' = a.student_id
        and a.data->>'status' in (${publishedStates})
        and coalesce(a.data->>'published_at', '') <> ''
        and coalesce(a.data->>'superseded_at', '') = ''
        and coalesce(a.data->>'replaced_by_assignment_id', '') = ''
        and jsonb_array_length(a.data->'segments') > 0
        and a.data->>'due_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        and a.data->>'due_date' between ${addDays(today, -WEEK_DAYS)} and ${addDays(today, WEEK_DAYS)}
    ),
    segments as (
      select j.id, s.n, j.student_id, j.since, s.value->>'track_type' as kind,
        ${ayahId(sql`s.value->'range'->'start'`)} as first, ${ayahId(sql`s.value->'range'->'end'`)} as last
      from judged j cross join lateral jsonb_array_elements(j.data->'segments') with ordinality as s(value, n)
    ),
    recited as (
      select r.student_id, r.recorded_at, r.data->>'kind' as kind,
        ${ayahId(sql`r.data->'range'->'start'`)} as first, ${ayahId(sql`r.data->'range'->'end'`)} as last
      from ${progressRecitations} r
      where r.connection_id = ${scope.connectionId} and r.tenant_id = ${scope.tenantId}
        and r.student_id in (select student_id from judged)
    ),
    spans as (
      select g.id, g.n, greatest(r.first, g.first) as lo, least(r.last, g.last) as hi
      from segments g join recited r on r.student_id = g.student_id and r.kind = g.kind
        and r.recorded_at >= g.since and r.first <= g.last and r.last >= g.first and r.first <= r.last
    ),
    reached as (
      select id, n, lo, hi,
        max(hi) over (partition by id, n order by lo, hi rows between unbounded preceding and 1 preceding) as reach
      from spans
    ),
    covered as (
      select id, n, sum(greatest(0, hi - greatest(lo, coalesce(reach + 1, lo)) + 1)) as ayahs
      from reached group by id, n
    ),
    counted as (
      select g.id, sum(greatest(0, g.last - g.first + 1)) as total, coalesce(sum(c.ayahs), 0) as covered
      from segments g left join covered c on c.id = g.id and c.n = g.n
      group by g.id
    )
    select j.id, j.student_id, j.plan_id, j.position, j.data->>'due_date' as due_date, j.data->'segments' as segments,
      case when k.covered = 0 then 'not_heard' when k.covered = k.total then 'heard' else 'partly' end as state
    from judged j join counted k on k.id = j.id`;
}
