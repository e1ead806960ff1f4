-- PUT /sessions/{id}/attendance as one function call (lib/school-api/handlers/attendance-upsert.ts).
-- The statement is the same one the handler sent before; inside a PL/pgSQL function PostgreSQL
-- plans it once per connection and reuses the plan, where a statement sent each time is parsed
-- and planned again on every save (about half of its cost on PGlite).
CREATE FUNCTION upsert_attendance(p_school text, p_session text, p_input jsonb, p_now timestamptz)
RETURNS TABLE (
  kind text, i int, id text, student_id text, status text, late_minutes int, note text,
  created_at timestamptz, updated_at timestamptz, found boolean, halqa_ok boolean, student_status text
)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    with session as (
      select s.id, s.halqa_id from sessions s where s.school_id = p_school and s.id = p_session
    ), input as (
      select * from jsonb_to_recordset(p_input) as r(i int, id text, student_id text, status text, late_minutes int, note text)
    ), checked as (
      select input.*, st.id is not null as found, st.halqa_id = session.halqa_id as halqa_ok, st.status as student_status
      from input cross join session
      left join students st on st.school_id = p_school and st.id = input.student_id
    ), refused as (
      select * from checked where not checked.found or not checked.halqa_ok or checked.student_status <> 'active'
    ), written as (
      insert into attendance as a (id, school_id, session_id, student_id, status, late_minutes, note, created_at, updated_at)
      select checked.id, p_school, p_session, checked.student_id, checked.status, checked.late_minutes, checked.note, p_now, p_now
      from checked
      where not exists (select 1 from refused)
      on conflict (session_id, student_id) do update
        set status = excluded.status, late_minutes = excluded.late_minutes, note = excluded.note, updated_at = excluded.updated_at
        where (a.status, a.late_minutes, a.note) is distinct from (excluded.status, excluded.late_minutes, excluded.note)
      returning a.id, a.student_id, a.status, a.late_minutes, a.note, a.created_at, a.updated_at
    )
    select 'row'::text, input.i, w.id, w.student_id, w.status, w.late_minutes, w.note, w.created_at, w.updated_at, null::boolean, null::boolean, null::text
      from written w join input on input.student_id = w.student_id
    union all
    select 'row'::text, input.i, a.id, a.student_id, a.status, a.late_minutes, a.note, a.created_at, a.updated_at, null, null, null
      from input join attendance a on a.session_id = p_session and a.student_id = input.student_id
      where exists (select 1 from session) and not exists (select 1 from refused)
        and not exists (select 1 from written w where w.student_id = input.student_id)
    union all
    select 'refused'::text, refused.i, null, refused.student_id, null, null, null, null, null, refused.found, refused.halqa_ok, refused.student_status from refused
    union all
    select 'missing'::text, null, null, null, null, null, null, null, null, null, null, null where not exists (select 1 from session)
    order by 2;
END
$fn$;
