/**
 * Objects of each demo school for the actions matrix, read from the school's API with its key
 * (ids are taken from responses, never made up): two running halqas of the active semester, each
 * with an eligible sheikh, an active student and a session.
 */
import { newId } from "@/lib/ids";
import { schoolApi } from "./harness";

type Halqa = { id: string; name: string };
type Sheikh = { id: string; name: string; halqa_ids: string[] };
type Student = {
  id: string;
  lineage_id: string;
  semester_id: string;
  halqa_id: string;
  full_name: string;
  preferred_name: string | null;
  status: string;
  enrolled_on: string | null;
};
type Session = { id: string; halqa_id: string; sheikh_id: string; status: string; topic: string | null };

export type Corner = { halqa: Halqa; sheikh: Sheikh; student: Student };
export type SchoolFixture = {
  key: string;
  api: ReturnType<typeof schoolApi>;
  /** A halqa of `sheikhA` (for Al-Noor: the demo teacher's sheikh). */
  a: Corner;
  /** A halqa that `a.sheikh` does not teach, with another sheikh. */
  b: Corner;
  /** Whether the school accepts writes (Dar Al-Arqam does not). */
  writable: boolean;
  /** A rating the school's scale accepts. */
  rating: number;
};

export async function schoolFixture(
  baseUrl: string,
  key: string,
  options: { sheikhId?: string; writable: boolean },
): Promise<SchoolFixture> {
  const api = schoolApi(baseUrl, key);
  const [semester] = await api.all<{ id: string }>("/semesters?status=active");
  if (!semester) throw new Error("the demo school has no active semester");
  const [halqas, sheikhs, school] = await Promise.all([
    api.all<Halqa>(`/halqas?semester_id=${semester.id}&active=true`),
    api.all<Sheikh>("/sheikhs"),
    api.data<{ rating_scale: { value: number }[] }>("/school"),
  ]);
  const running = new Set(halqas.map((h) => h.id));
  const sheikhA = options.sheikhId
    ? sheikhs.find((s) => s.id === options.sheikhId)
    : sheikhs.find((s) => s.halqa_ids.some((id) => running.has(id)));
  if (!sheikhA) throw new Error("no sheikh A");
  const halqaA = halqas.find((h) => sheikhA.halqa_ids.includes(h.id));
  const sheikhB = sheikhs.find(
    (s) => s.id !== sheikhA.id && s.halqa_ids.some((id) => running.has(id) && !sheikhA.halqa_ids.includes(id)),
  );
  const halqaB = halqas.find((h) => sheikhB?.halqa_ids.includes(h.id) && !sheikhA.halqa_ids.includes(h.id));
  if (!halqaA || !sheikhB || !halqaB) throw new Error("the demo school lacks two halqas with different sheikhs");
  const studentOf = async (halqaId: string) => {
    const [student] = await api.all<Student>(`/students?halqa_id=${halqaId}&status=active`);
    if (!student) throw new Error(`no active student in ${halqaId}`);
    return student;
  };
  const [studentA, studentB] = await Promise.all([studentOf(halqaA.id), studentOf(halqaB.id)]);
  const rating = school.rating_scale.at(-1)?.value ?? 0;
  return {
    key,
    api,
    rating,
    writable: options.writable,
    a: { halqa: halqaA, sheikh: sheikhA, student: studentA },
    b: { halqa: halqaB, sheikh: sheikhB, student: studentB },
  };
}

/**
 * A session in the corner's halqa led by its sheikh: a new open one where the school accepts writes,
 * else one the demo already has (a refused write never reaches it anyway).
 */
export async function sessionIn(school: SchoolFixture, corner: Corner): Promise<Session> {
  if (school.writable) {
    const { status, json } = await school.api.request<{ data: Session }>("POST", "/sessions", {
      halqa_id: corner.halqa.id,
      sheikh_id: corner.sheikh.id,
      topic: `matrix ${newId("t")}`,
    });
    if (status !== 201) throw new Error(`could not open a session: ${status}`);
    return json.data;
  }
  const sessions = await school.api.all<Session>(`/sessions?halqa_id=${corner.halqa.id}`);
  const session = sessions.find((s) => s.sheikh_id === corner.sheikh.id) ?? sessions[0];
  if (!session) throw new Error(`no session in ${corner.halqa.id}`);
  return session;
}

export async function countStudents(school: SchoolFixture, halqaId: string): Promise<number> {
  return (await school.api.all(`/students?halqa_id=${halqaId}`)).length;
}

export async function countSessions(school: SchoolFixture, halqaId: string): Promise<number> {
  return (await school.api.all(`/sessions?halqa_id=${halqaId}`)).length;
}
