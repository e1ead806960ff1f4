// v1 call budget: V1_CALL_BUDGETS["/admin"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { redirect } from "next/navigation";

export default function AdminIndex() {
  redirect("/admin/users");
}
