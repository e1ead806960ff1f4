"use client";

import { ErrorView } from "@/components/shell/error-view";

/** Inside the staff shell: the header and navigation stay, so the way out is still there. */
export default function StaffError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
