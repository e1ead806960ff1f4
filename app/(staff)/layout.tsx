// v1 calls: 0 (GET /school once per connection and process, then memoized)
import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { OfflineSupport } from "@/components/shell/offline-support";
import { SignedInFrame } from "@/components/shell/signed-in-frame";
import { requireActor } from "@/lib/auth/session";
import { getI18n } from "@/i18n/server";

/**
 * The staff shell. Signed-out people go to /login and parents get a 404, but this is not the
 * protection of what is below: every page and action checks the person and the object again.
 */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor(["admin", "teacher"]);
  const i18n = await getI18n();
  return (
    <SignedInFrame
      actor={actor}
      i18n={i18n}
      width="max-w-6xl"
      top={
        <OfflineSupport
          userKey={offlineKeyOf(actor.connectionId, actor.id)}
          words={{
            lang: i18n.locale,
            dir: i18n.dir,
            title: i18n.t("nav.offline.title"),
            body: i18n.t("nav.offline.body"),
            none: i18n.t("nav.offline.none"),
            retry: i18n.t("nav.offline.retry"),
          }}
          asOf={i18n.t("nav.offline.asOf", { time: i18n.time(new Date()) })}
        />
      }
    >
      {children}
    </SignedInFrame>
  );
}

/** Names the person's offline cache without putting their ids in a cache name. */
function offlineKeyOf(connectionId: string, userId: string): string {
  return createHash("sha256").update(`${connectionId}\0${userId}`).digest("hex").slice(0, 24);
}
