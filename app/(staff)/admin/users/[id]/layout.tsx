import type { ReactNode } from "react";
import type { Actor } from "@/lib/auth/actor";
import { findUserOf } from "@/lib/features/admin/managed-users";
import { DetailGate } from "@/lib/failures/detail-layout";

const userExists = async (actor: Actor, id: string) => (await findUserOf(actor.connectionId, id)) !== null;

/** A user of another school, or none, is a real 404, decided before the page streams. */
export default function Layout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  return (
    <DetailGate exists={userExists} params={params}>
      {children}
    </DetailGate>
  );
}
