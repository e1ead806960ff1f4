"use client";

import { ErrorView } from "@/components/shell/error-view";

export default function StudentsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
