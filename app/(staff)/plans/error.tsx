"use client";

import { ErrorView } from "@/components/shell/error-view";

export default function PlansError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
