import { pageLoading } from "@/components/shell/page-loading";

export default pageLoading("live.loading", { variant: "detail" });
