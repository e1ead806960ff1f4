/**
 * The endpoint table of spec part 4, typed in by hand on purpose: the suite checks the server
 * against the specification, not against the contract module the server itself is built from.
 */
export type SpecEndpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH";
  path: string;
  /** null: any valid key (Surahs). */
  scope: string | null;
};

export const SPEC_ENDPOINTS: readonly SpecEndpoint[] = [
  { method: "GET", path: "/school", scope: "school:read" },
  { method: "GET", path: "/semesters", scope: "semesters:read" },
  { method: "GET", path: "/semesters/{id}", scope: "semesters:read" },
  { method: "GET", path: "/halqas", scope: "halqas:read" },
  { method: "GET", path: "/halqas/{id}", scope: "halqas:read" },
  { method: "GET", path: "/sheikhs", scope: "sheikhs:read" },
  { method: "GET", path: "/sheikhs/{id}", scope: "sheikhs:read" },
  { method: "GET", path: "/students", scope: "students:read" },
  { method: "GET", path: "/students/{id}", scope: "students:read" },
  { method: "POST", path: "/students", scope: "students:write" },
  { method: "PATCH", path: "/students/{id}", scope: "students:write" },
  { method: "GET", path: "/sessions", scope: "sessions:read" },
  { method: "GET", path: "/sessions/{id}", scope: "sessions:read" },
  { method: "POST", path: "/sessions", scope: "sessions:write" },
  { method: "PATCH", path: "/sessions/{id}", scope: "sessions:write" },
  { method: "POST", path: "/sessions/{id}/end", scope: "sessions:write" },
  { method: "GET", path: "/sessions/{id}/attendance", scope: "attendance:read" },
  { method: "PUT", path: "/sessions/{id}/attendance", scope: "attendance:write" },
  { method: "GET", path: "/sessions/{id}/recitations", scope: "recitations:read" },
  { method: "GET", path: "/students/{id}/recitations", scope: "recitations:read" },
  { method: "POST", path: "/sessions/{id}/recitations", scope: "recitations:write" },
  { method: "GET", path: "/surahs", scope: null },
  { method: "GET", path: "/surahs/{number}", scope: null },
  { method: "GET", path: "/learning-plans", scope: "learning_plans:read" },
  { method: "GET", path: "/learning-plans/{id}", scope: "learning_plans:read" },
  { method: "GET", path: "/learning-plans/{id}/assignments", scope: "learning_plans:read" },
];

export const WRITE_ENDPOINTS = SPEC_ENDPOINTS.filter((endpoint) => endpoint.method !== "GET");
export const PLAN_ENDPOINTS = SPEC_ENDPOINTS.filter((endpoint) => endpoint.path.startsWith("/learning-plans"));

/** Sensitive/private field names the server stores and must never return (spec part 1 rule 4). */
export const NEVER_RETURNED = [
  "date_of_birth",
  "guardian_phone",
  "private_notes",
  "private_note",
  "staff_note",
] as const;
