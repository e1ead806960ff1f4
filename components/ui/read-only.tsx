import type { ReactNode } from "react";
import { Alert } from "./alert";

/**
 * Write controls that may be read-only: with a reason, it is shown above them and every control
 * inside is disabled (a disabled fieldset), so nothing can be sent that the school would refuse.
 */
export function ReadOnlyWhen({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return (
    <div className="flex flex-col gap-4">
      <Alert role="status">{reason}</Alert>
      <fieldset disabled className="m-0 min-w-0 border-0 p-0 opacity-70">
        {children}
      </fieldset>
    </div>
  );
}
