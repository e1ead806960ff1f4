import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ManagedUser } from "@/lib/features/admin/managed-users";
import type { Translate } from "@/lib/i18n/core";

/** The school's dashboard users: who they are, what they may do, and what they are linked to. */
export function UsersTable({
  users,
  caption,
  actorId,
  t,
  list,
}: {
  users: ManagedUser[];
  caption: string;
  actorId: string;
  t: Translate;
  list: (items: string[]) => string;
}) {
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("admin.users.columns.name")}</TableHead>
          <TableHead>{t("admin.users.columns.role")}</TableHead>
          <TableHead>{t("admin.users.columns.status")}</TableHead>
          <TableHead>{t("admin.users.columns.links")}</TableHead>
          <TableHead>
            <span className="sr-only">{t("admin.users.columns.actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell>
              <div className="flex flex-col">
                <span className="font-medium">
                  {user.name}
                  {user.id === actorId ? (
                    <span className="ms-2 text-sm font-normal text-muted-foreground">({t("admin.users.you")})</span>
                  ) : null}
                </span>
                <span className="text-sm text-muted-foreground" dir="ltr">
                  {user.email}
                </span>
              </div>
            </TableCell>
            <TableCell>{t(`admin.roles.${user.role}`)}</TableCell>
            <TableCell>
              {user.disabled ? (
                <Badge variant="warning">{t("admin.users.disabled")}</Badge>
              ) : (
                <Badge variant="secondary">{t("admin.users.active")}</Badge>
              )}
            </TableCell>
            <TableCell className="max-w-64">
              {user.links.length ? (
                list(user.links.map((l) => l.label))
              ) : (
                <span className="text-muted-foreground">{t("common.none")}</span>
              )}
            </TableCell>
            <TableCell className="text-end">
              <Link
                href={`/admin/users/${encodeURIComponent(user.id)}`}
                className={buttonVariants({ variant: "outline" })}
                aria-label={t("admin.users.manageLabel", { name: user.name })}
              >
                {t("admin.users.manage")}
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
