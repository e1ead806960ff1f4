import type { ReactNode } from "react";
import { visible } from "@/lib/features/records";
import { DetailGate } from "@/lib/failures/detail-layout";

/** A missing or someone else's session is a real 404, decided before the page streams. */
export default function Layout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  return (
    <DetailGate exists={visible.session} params={params}>
      {children}
    </DetailGate>
  );
}
