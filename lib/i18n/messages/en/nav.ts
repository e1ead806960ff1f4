/** The shell: skip link, navigation, header, language switch, boundaries, the parents' home. */
export const nav = {
  skipToContent: "Skip to main content",
  primary: "Main",
  today: "Today",
  halqas: "Halqas",
  students: "Students",
  sessions: "Sessions",
  plans: "Plans",
  users: "Users",
  connection: "Connection",
  audit: "Audit log",
  account: "Account",
  signedInAs: "Signed in as {name}",
  roles: {
    admin: "Administrator",
    teacher: "Teacher",
    parent: "Parent",
  },
  languageNames: {
    en: "English",
    ar: "العربية",
  },
  schoolProblemTitle: "The school's service",
  backHome: "Back to the start page",
  backToday: "Back to today",
  errorReference: "Reference: {digest}",
  family: {
    title: "Family",
    greeting: "Assalamu alaikum, {name}",
    childrenTitle: "Your children",
    childrenEmpty: "No children are linked to your account yet. Ask the school's administrator to link them.",
  },
} as const;
