import type { Catalogue } from "../../types";
import type { home as en } from "../en/home";

export const home: Catalogue<typeof en> = {
};
