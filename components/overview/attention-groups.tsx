import Link from "next/link";
import { AttentionList } from "@/components/progress/attention-list";
import type { AttentionItem } from "@/lib/features/progress/glance";
import type { I18n } from "@/lib/i18n/core";

/** At most this many students a halqa; its page lists all of them. */
export const SHOWN_PER_HALQA = 3;

type Group = { halqaId: string; name: string; items: AttentionItem[] };

/** Students needing attention, one group per halqa (the halqa named), the halqas with the most first. */
export function AttentionGroups({ groups, i18n }: { groups: Group[]; i18n: I18n }) {
  const { t } = i18n;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map((group) => {
        const id = `attention-${group.halqaId}`;
        return (
          <section key={group.halqaId} aria-labelledby={id} className="flex flex-col gap-2">
            <h3 id={id} className="text-base font-semibold">
              <bdi>{group.name}</bdi>{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {t("overview.home.attention.count", { count: group.items.length })}
              </span>
            </h3>
            <AttentionList items={group.items.slice(0, SHOWN_PER_HALQA)} i18n={i18n} labelledBy={id} />
            {group.items.length > SHOWN_PER_HALQA ? (
              <Link
                href={`/halqas/${encodeURIComponent(group.halqaId)}`}
                prefetch={false}
                className="text-sm underline-offset-4 hover:underline"
              >
                {t("overview.home.attention.all", { count: group.items.length, halqa: group.name })}
              </Link>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
