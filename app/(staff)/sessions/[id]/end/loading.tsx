import { pageLoading } from "@/components/shell/page-loading";

export default pageLoading("sessions.loading", { variant: "detail" });
