import type { Handlers } from "../context";
import { attendanceHandlers } from "./attendance";
import { halqaHandlers } from "./halqas";
import { planHandlers } from "./plans";
import { recitationHandlers } from "./recitations";
import { schoolHandlers } from "./school";
import { sessionHandlers } from "./sessions";
import { studentHandlers } from "./students";

/** Every endpoint of the contract has exactly one handler; the type fails to check otherwise. */
export const handlers: Handlers = {
  ...schoolHandlers,
  ...halqaHandlers,
  ...studentHandlers,
  ...sessionHandlers,
  ...attendanceHandlers,
  ...recitationHandlers,
  ...planHandlers,
};
