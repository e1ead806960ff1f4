import type { Catalogue } from "../../types";
import type { admin as en } from "../en/admin";

export const admin: Catalogue<typeof en> = {
};
