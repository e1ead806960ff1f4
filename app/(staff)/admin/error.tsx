"use client";

import { ErrorView } from "@/components/shell/error-view";

/** Inside the shell, so the navigation stays and the admin can reach the connection page. */
export default function AdminError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
