import "server-only";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { requireActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { loadPage } from "./page";

type Exists = (actor: Actor, id: string) => Promise<boolean>;

/**
 * The layout of a detail segment (`halqas/[id]`, `sessions/[id]`, …): decides before anything
 * streams whether the record exists for this person, so a missing one answers a real HTTP 404 (a
 * page behind a loading skeleton has already sent 200 when it finds out). A refusal of the school's
 * API is left to the page, which explains it. The record is read once per request (lib/features/records).
 */
async function DetailGate({
  exists,
  params,
  children,
}: {
  exists: Exists;
  params: Promise<{ id: string }>;
  children: ReactNode;
}) {
  const [actor, { id }] = await Promise.all([requireActor(["admin", "teacher"]), params]);
  const loaded = await loadPage(() => exists(actor, id));
  if (loaded.ok && !loaded.value) notFound();
  return children;
}

/** A detail segment's `layout.tsx`, gated by `exists`: `export default detailLayout(visible.halqa);` */
export function detailLayout(exists: Exists) {
  return function Layout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
    return (
      <DetailGate exists={exists} params={params}>
        {children}
      </DetailGate>
    );
  };
}
