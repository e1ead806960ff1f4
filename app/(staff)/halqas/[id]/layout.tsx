import { visible } from "@/lib/features/records";
import { detailLayout } from "@/lib/failures/detail-layout";

/** A missing or someone else's halqa is a real 404, decided before the page streams. */
export default detailLayout(visible.halqa);
