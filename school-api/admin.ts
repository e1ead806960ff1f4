import "server-only";

/**
 * The school's own application, standing in for staff actions the API does not offer: learning
 * plans are read-only in v1, and policies and keys are managed by the school. Every operation
 * validates its input, throws ApiError on bad input and then changes nothing.
 */
export { replaceAssignment, setAssignmentStatus, type Replacement, type ReplaceChanges } from "./admin/assignments";
export {
  setPlanStatus,
  updatePlan,
  setHalqaPlanConfig,
  setStudentPlanConfig,
  touchPlans,
  type PlanChanges,
  type PlanConfig,
  type PlanSummary,
} from "./admin/plans";
export {
  listSchools,
  setSchoolPolicy,
  setSheikhStatus,
  SHEIKH_STATUSES,
  type PolicyChanges,
  type SchoolPolicy,
} from "./admin/school";
export { createHalqa, type NewHalqa } from "./admin/halqas";
export { createApiKey, listApiKeys, revokeApiKey, type ApiKeyInfo, type NewKey } from "./admin/keys";
