export { AdminSkeleton as default } from "@/components/admin/admin-skeleton";
