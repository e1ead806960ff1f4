/** A page's URL state: `searchParams` read defensively, and links that carry it on. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** One value of a URL parameter: the first when repeated, trimmed, and absent when empty or absurdly long. */
export function firstParam(params: SearchParams, name: string, maxLength = 200): string | undefined {
  const raw = params[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= maxLength ? value : undefined;
}

/** A value from a closed list, or undefined. */
export function oneOf<const T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

/** What every list of a semester's records reads from its URL: the semester, one of `statuses`, the search text. */
export function semesterListParams<const T extends string>(params: SearchParams, statuses: readonly T[]) {
  return {
    semester: firstParam(params, "semester"),
    status: oneOf(firstParam(params, "status"), statuses),
    q: firstParam(params, "q"),
  };
}

/** A query string with the given values, leaving out the empty ones. */
export function hrefWith(path: string, values: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
