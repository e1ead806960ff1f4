import type { ReactNode } from "react";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { requireActor } from "@/lib/auth/session";
import { loadPage } from "@/lib/failures/page";
import { loadSessionDetail, type SessionDetail } from "@/lib/features/sessions/queries";
import { writeBlockOf } from "@/lib/features/write-access";
import { getI18n, type I18n } from "@/i18n/server";

/**
 * What a session's pages (`/sessions/[id]`, `/sessions/[id]/end`) start from: the session as this
 * staff member may see it and whether the school refuses writes just now; or, when the school refused
 * or did not answer, the page that explains it in their place (`refusal`, with a retry of `path`).
 */
export async function loadSessionPage(
  params: Promise<{ id: string }>,
  path: (id: string) => string,
): Promise<{ refusal: ReactNode } | { i18n: I18n; detail: SessionDetail; blocked: string | null }> {
  const actor = await requireActor(["admin", "teacher"]);
  const { id } = await params;
  const [i18n, loaded] = await Promise.all([getI18n(), loadPage(() => loadSessionDetail(actor, id))]);
  const { t, date } = i18n;
  if (!loaded.ok)
    return {
      refusal: (
        <RefusalPage
          title={t("sessions.title")}
          failure={loaded.failure}
          t={t}
          role={actor.role}
          retryHref={path(encodeURIComponent(id))}
        />
      ),
    };
  const blocked = await writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }));
  return { i18n, detail: loaded.value, blocked };
}
