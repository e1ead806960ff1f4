import { PageSkeleton } from "@/components/halqas/page-skeleton";

export default function Loading() {
  return <PageSkeleton rows={10} />;
}
