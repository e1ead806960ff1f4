import type { Catalogue } from "../../types";
import type { halqas as en } from "../en/halqas";

export const halqas: Catalogue<typeof en> = {
};
