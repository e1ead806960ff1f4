/**
 * Every private or sensitive text the demo stores. v1 never returns any of them, and the
 * conformance tests search whole responses for these strings to prove it.
 */
export const PRIVATE_STUDENT_NOTES = [
  "Mother asks that pick-up is by her only.",
  "Mild asthma; inhaler is in his bag.",
  "Fee waiver approved by the principal.",
  "Hears poorly on the left side: seat near the teacher.",
  "Family may move abroad next term.",
  "Referred for speech therapy (qaf and kaf).",
] as const;

export const PRIVATE_RECITATION_NOTES = [
  "Rushed today and seemed upset; speak to his father.",
  "Consider moving to the revision circle next term.",
  "Was prompted through most of it; do not tell the parents yet.",
] as const;

export const PRIVATE_STAFF_NOTES = [
  "Portion reduced: he struggled with the last one.",
  "Father asked us to slow down before exams.",
  "Check her madd before publishing.",
  "Anxious about tests; do not push this week.",
] as const;

export const PRIVATE_TEXTS: readonly string[] = [
  ...PRIVATE_STUDENT_NOTES,
  ...PRIVATE_RECITATION_NOTES,
  ...PRIVATE_STAFF_NOTES,
];
