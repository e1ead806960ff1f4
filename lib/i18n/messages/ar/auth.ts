import type { Catalogue } from "../../types";
import type { auth as en } from "../en/auth";

export const auth: Catalogue<typeof en> = {
};
