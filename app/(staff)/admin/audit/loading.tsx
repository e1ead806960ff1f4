// The admin pages that read the school or a long log show a skeleton; the others render at once.
export { AdminSkeleton as default } from "@/components/admin/admin-skeleton";
