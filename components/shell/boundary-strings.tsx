"use client";

import { createContext, useContext, type ReactNode } from "react";

/** The few words error boundaries (client components) need, translated by the root layout. */
export type BoundaryStrings = { errorTitle: string; errorBody: string; retry: string; reference: string };

const BoundaryStringsContext = createContext<BoundaryStrings | null>(null);

export function BoundaryStringsProvider({ strings, children }: { strings: BoundaryStrings; children: ReactNode }) {
  return <BoundaryStringsContext value={strings}>{children}</BoundaryStringsContext>;
}

export function useBoundaryStrings(): BoundaryStrings {
  const strings = useContext(BoundaryStringsContext);
  if (!strings) throw new Error("useBoundaryStrings needs <BoundaryStringsProvider> (app/layout.tsx)");
  return strings;
}
