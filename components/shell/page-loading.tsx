import { PageSkeleton } from "@/components/ui/page-skeleton";
import type { MessageKey } from "@/lib/i18n/core";
import { getI18n } from "@/i18n/server";

type Shape = Omit<Parameters<typeof PageSkeleton>[0], "label">;

/**
 * A segment's `loading.tsx`: the page's skeleton, its label announced in the reader's language.
 * `export default pageLoading("common.loading", { rows: 8 });`
 */
export function pageLoading(label: MessageKey, shape: Shape = {}) {
  return async function Loading() {
    const { t } = await getI18n();
    return <PageSkeleton label={t(label)} {...shape} />;
  };
}
