import { pageLoading } from "@/components/shell/page-loading";

export default pageLoading("common.loading");
