"use server";

import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { defineAction, type ActionContext } from "@/lib/actions/define-action";
import { hashPassword } from "@/lib/auth/password";
import { can } from "@/lib/authz/policy";
import { dashboardDb } from "@/lib/db";
import { userLinks, users } from "@/lib/db/schema";
import type { MessageKey } from "@/lib/i18n/core";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import { newId } from "@/lib/ids";
import { fieldRefusal, type V1Error } from "@/lib/v1";
import {
  CreateUserInput,
  LinkSheikhInput,
  LinkStudentInput,
  SetDisabledInput,
  SetRoleInput,
  UnlinkInput,
} from "./schemas";
import { linkKindFor, refusalFor, type UserChange } from "./user-rules";
import { findUserOf } from "./managed-users";

/**
 * Dashboard users of one school. Every action: the admin role, `can.manageUsers`, and the target
 * user loaded from the actor's own connection (another school's user id reads as absent: denied).
 */

const ROLES = ["admin"] as const;

/** A refusal by the dashboard's own rules, reported on the field it concerns as a catalogue key (audited as `failed`). */
function refuse(field: string, key: MessageKey): V1Error {
  return fieldRefusal(field, key, "Refused by the dashboard's user rules");
}

async function managesTarget(ctx: ActionContext, input: { userId: string }): Promise<boolean> {
  return can.manageUsers(ctx.subject) && (await findUserOf(ctx.actor.connectionId, input.userId)) !== null;
}

const userTarget = (input: { userId: string }) => ({ type: "user", id: input.userId });

function refreshAdminPages() {
  revalidatePath("/admin", "layout");
}

/** An action on one user of the actor's school (`managesTarget`), audited on that user; the admin pages are refreshed after it. */
function userAction<S extends z.ZodType<{ userId: string }>, T>(
  name: string,
  input: S,
  run: (ctx: ActionContext, input: z.output<S>) => Promise<T>,
) {
  return defineAction({
    name,
    input,
    roles: ROLES,
    authorize: managesTarget,
    async run(ctx, parsed) {
      const data = await run(ctx, parsed);
      refreshAdminPages();
      return data;
    },
    target: userTarget,
  });
}

export const createUser = defineAction({
  name: "user.create",
  input: CreateUserInput,
  roles: ROLES,
  authorize: (ctx) => can.manageUsers(ctx.subject),
  async run(ctx, input) {
    const db = await dashboardDb();
    const id = newId("usr");
    const passwordHash = await hashPassword(input.password);
    // The school's default (pre-selected in the form) leaves the language to the person's browser at
    // their first sign-in; another language is the admin's knowledge of the person, and is kept.
    const { defaultLocale } = await getSchoolLanguages(ctx.actor.connectionId);
    const localeSetAt = input.locale === defaultLocale ? null : new Date();
    const inserted = await db
      .insert(users)
      .values({
        id,
        connectionId: ctx.actor.connectionId,
        email: input.email,
        name: input.name,
        role: input.role,
        locale: input.locale,
        localeSetAt,
        passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw refuse("email", "admin.users.emailTaken");
    refreshAdminPages();
    return { id, email: input.email };
  },
  target: (_input, data) => ({ type: "user", id: data?.id }),
});

/** A role change or disabling ends every session the person has (lib/auth/session.ts checks the version). */
const nextSessionVersion = sql`${users.sessionVersion} + 1`;

/** Applies a role or enabled-state change under a lock on the school's admins, so two admins cannot demote each other at once. */
async function changeUser(ctx: ActionContext, userId: string, change: UserChange, field: string) {
  const db = await dashboardDb();
  await db.transaction(async (tx) => {
    const connectionId = ctx.actor.connectionId;
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.connectionId, connectionId), eq(users.role, "admin"), isNull(users.disabledAt)))
      .for("update");
    const [target] = await tx
      .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.connectionId, connectionId)))
      .for("update");
    if (!target) throw refuse(field, "errors.notFound");
    const refusal = refusalFor({
      actorId: ctx.actor.id,
      target: { id: target.id, role: target.role, disabled: target.disabledAt !== null },
      change,
      enabledAdminIds: admins.map((a) => a.id),
    });
    if (refusal) throw refuse(field, `admin.users.refusals.${refusal}` satisfies MessageKey);
    const now = new Date();
    if (change.kind === "role") {
      if (change.role === target.role) return;
      await tx
        .update(users)
        .set({ role: change.role, updatedAt: now, sessionVersion: nextSessionVersion })
        .where(eq(users.id, target.id));
      const kept = linkKindFor(change.role);
      await tx
        .delete(userLinks)
        .where(kept ? and(eq(userLinks.userId, target.id), ne(userLinks.kind, kept)) : eq(userLinks.userId, target.id));
    } else {
      const disabledAt = change.kind === "disable" ? (target.disabledAt ?? now) : null;
      const ends = change.kind === "disable" ? { sessionVersion: nextSessionVersion } : {};
      await tx
        .update(users)
        .set({ disabledAt, updatedAt: now, ...ends })
        .where(eq(users.id, target.id));
    }
  });
}

export const setUserRole = userAction("user.setRole", SetRoleInput, async (ctx, input) => {
  await changeUser(ctx, input.userId, { kind: "role", role: input.role }, "role");
  return { id: input.userId, role: input.role };
});

export const setUserDisabled = userAction("user.setDisabled", SetDisabledInput, async (ctx, input) => {
  await changeUser(ctx, input.userId, { kind: input.disabled ? "disable" : "enable" }, "disabled");
  return { id: input.userId, disabled: input.disabled };
});

/** The user to link, when they hold the role the link is for; else a refusal on the link's field. */
async function linkable(ctx: ActionContext, userId: string, role: "teacher" | "parent", field: string) {
  const target = await findUserOf(ctx.actor.connectionId, userId);
  if (target?.role !== role)
    throw refuse(field, role === "teacher" ? "admin.users.refusals.notTeacher" : "admin.users.refusals.notParent");
  return target;
}

/** A teacher is linked to one sheikh, read from the school's API by the id its list gave us. */
export const linkTeacherSheikh = userAction("user.linkSheikh", LinkSheikhInput, async (ctx, input) => {
  const target = await linkable(ctx, input.userId, "teacher", "sheikhId");
  const sheikh = await ctx.client.call("getSheikh", { params: { id: input.sheikhId } });
  const db = await dashboardDb();
  await db.transaction(async (tx) => {
    await tx.delete(userLinks).where(and(eq(userLinks.userId, target.id), eq(userLinks.kind, "sheikh")));
    await tx.insert(userLinks).values({ userId: target.id, kind: "sheikh", refId: sheikh.id, label: sheikh.name });
  });
  return { id: target.id, sheikhId: sheikh.id };
});

/** A parent is linked to a child's lineage (student records are per semester), from a student the API returned. */
export const linkParentStudent = userAction("user.linkStudent", LinkStudentInput, async (ctx, input) => {
  const target = await linkable(ctx, input.userId, "parent", "studentId");
  const student = await ctx.client.call("getStudent", { params: { id: input.studentId } });
  const db = await dashboardDb();
  await db
    .insert(userLinks)
    .values({ userId: target.id, kind: "student_lineage", refId: student.lineage_id, label: student.full_name })
    .onConflictDoNothing();
  return { id: target.id, lineageId: student.lineage_id };
});

export const unlinkUser = userAction("user.unlink", UnlinkInput, async (_ctx, input) => {
  const db = await dashboardDb();
  await db
    .delete(userLinks)
    .where(and(eq(userLinks.userId, input.userId), eq(userLinks.kind, input.kind), eq(userLinks.refId, input.refId)));
  return { id: input.userId };
});
