/** The live queue's senders in the browser: the server actions of actions.ts. */
import { recordRecitation, saveMarks } from "../server/actions";
import type { LiveSenders } from "../types";

export const liveSenders: LiveSenders = { marks: saveMarks, recitation: recordRecitation };
