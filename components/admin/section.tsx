import type { ReactNode } from "react";
import { PageSection } from "@/components/ui/page-section";

/** A titled part of an admin page, on a card, labelled by its heading for landmark navigation. */
export function AdminSection(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return <PageSection {...props} className="gap-3 rounded-xl border border-border bg-card p-5" />;
}
