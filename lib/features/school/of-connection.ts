import "server-only";
import { loadConnections } from "@/lib/connections";
import { schoolOrNull } from "@/lib/failures/school";
import type { Locale } from "@/lib/i18n/core";
import { schoolNameIn } from "./name";

/**
 * The school's name for a reader of `locale` (schoolNameIn), from the memoized GET /school. When
 * the school's API refuses (a revoked key), the connection's own label: the admin pages and the
 * unsubscribe page must keep working then, the first because they are where it gets fixed.
 */
export async function schoolOf(connectionId: string, locale: Locale): Promise<{ name: string }> {
  const school = await schoolOrNull(connectionId);
  if (!school) return { name: loadConnections().find((c) => c.id === connectionId)?.label ?? connectionId };
  return { name: schoolNameIn(school, locale) };
}
