import type { ReactNode } from "react";
import { requireActor } from "@/lib/auth/session";

/** Admin pages are a real 404 for anyone else, decided before the section's skeleton streams. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireActor(["admin"]);
  return children;
}
