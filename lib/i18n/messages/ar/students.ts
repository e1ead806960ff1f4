import type { Catalogue } from "../../types";
import type { students as en } from "../en/students";

export const students: Catalogue<typeof en> = {
};
