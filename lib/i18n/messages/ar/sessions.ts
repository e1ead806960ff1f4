import type { Catalogue } from "../../types";
import type { sessions as en } from "../en/sessions";

export const sessions: Catalogue<typeof en> = {
};
