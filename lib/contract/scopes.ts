export const READ_SCOPES = [
  "school:read",
  "semesters:read",
  "halqas:read",
  "students:read",
  "sheikhs:read",
  "sessions:read",
  "attendance:read",
  "recitations:read",
  "learning_plans:read",
] as const;
export const WRITE_SCOPES = ["students:write", "sessions:write", "attendance:write", "recitations:write"] as const;
/** Reserved by the spec: it exists, but no key can hold it and v1 exposes no sensitive field. */
export const RESERVED_SCOPES = ["students:sensitive:read"] as const;

export type ReadScope = (typeof READ_SCOPES)[number];
export type WriteScope = (typeof WRITE_SCOPES)[number];
export type Scope = ReadScope | WriteScope;
export const ALL_SCOPES: readonly Scope[] = [...READ_SCOPES, ...WRITE_SCOPES];

export function isWriteScope(scope: Scope): scope is WriteScope {
  return (WRITE_SCOPES as readonly string[]).includes(scope);
}
