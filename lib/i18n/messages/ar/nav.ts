import type { Catalogue } from "../../types";
import type { nav as en } from "../en/nav";

export const nav: Catalogue<typeof en> = {
};
