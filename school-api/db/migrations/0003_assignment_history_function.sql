-- One page of a plan's history, GET /learning-plans/{id}/assignments (lib/school-api/handlers/plans.ts):
-- the busiest read of the API, since a sync reads every plan's history. Inside a PL/pgSQL function
-- PostgreSQL plans the query once per connection and reuses the plan; the page comes back as ONE
-- JSON text, `[[sequence, record], …]` with the record's fields in the API's order, instead of a
-- row per assignment whose every field PGlite decodes on its own. NULL: no such plan in this school.
CREATE FUNCTION assignment_history_page(p_school text, p_plan text, p_status text, p_after int, p_limit int)
RETURNS text
LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  page text;
BEGIN
  SELECT (
    SELECT coalesce(json_agg(json_build_array(h.sequence, h.record) ORDER BY h.sequence), '[]')::text
    FROM (
      SELECT a.sequence, json_build_object(
        'id', a.id, 'plan_id', a.plan_id, 'student_id', a.student_id, 'due_date', a.due_date, 'status', a.status,
        'source', a.source, 'explanation', a.explanation, 'published_at', a.published_at, 'started_at', a.started_at,
        'completed_at', a.completed_at, 'superseded_at', a.superseded_at, 'replaced_by_assignment_id', a.replaced_by_assignment_id,
        'segments', a.segments, 'created_at', a.created_at, 'updated_at', a.updated_at
      ) AS record
      FROM assignments a
      WHERE a.plan_id = p.id AND a.school_id = p_school
        AND (p_status IS NULL OR a.status = p_status) AND a.sequence > p_after
      ORDER BY a.sequence
      LIMIT p_limit
    ) h
  ) INTO page
  FROM learning_plans p
  WHERE p.school_id = p_school AND p.id = p_plan;
  RETURN page;
END
$fn$;
