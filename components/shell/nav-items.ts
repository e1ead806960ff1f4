import type { Role } from "@/lib/authz/policy";
import type { MessageKey } from "@/lib/i18n/core";

/** `exact`: current only on that very path (the admin's overview, `/admin`, is the parent of every admin page). */
export type NavItem = { href: string; label: MessageKey; exact?: boolean };

const STAFF: NavItem[] = [
  { href: "/today", label: "nav.today" },
  { href: "/halqas", label: "nav.halqas" },
  { href: "/students", label: "nav.students" },
  { href: "/sessions", label: "nav.sessions" },
  { href: "/plans", label: "nav.plans" },
];

const ADMIN: NavItem[] = [
  { href: "/admin", label: "nav.overview", exact: true },
  { href: "/admin/users", label: "nav.users" },
  { href: "/admin/settings", label: "nav.settings" },
  { href: "/admin/connection", label: "nav.connection" },
  { href: "/admin/audit", label: "nav.audit" },
  { href: "/admin/messages", label: "nav.messages" },
  { href: "/admin/excuses", label: "nav.excuses" },
  { href: "/admin/timetable", label: "nav.timetable" },
];

/**
 * The links a role is shown. Only what to show: each page and action checks the person itself
 * (requireActor, can.*), so a hidden link is never the protection.
 */
export function navItemsFor(role: Role): NavItem[] {
  if (role === "admin") return [...STAFF, ...ADMIN];
  if (role === "teacher") return STAFF;
  return [];
}

/** Where a role lands after signing in. */
export function homeFor(role: Role): string {
  return role === "parent" ? "/family" : role === "admin" ? "/admin" : "/today";
}
