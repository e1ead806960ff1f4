/** The bare route: no database, no key. A health check, and the baseline `npm run bench` compares routes with. */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ ok: true });
}
