import "server-only";
import type { School } from "@/lib/contract";
import { surahsFor } from "@/lib/features/reference";
import { getNotebookSettings } from "./settings";

/** What a notebook part reads besides its own rows: the school (its time zone), the notebook settings, the surahs. */
export async function notebookContext(connectionId: string, school: () => Promise<School>) {
  const [tenant, settings, surahs] = await Promise.all([
    school(),
    getNotebookSettings(connectionId),
    surahsFor(connectionId),
  ]);
  return { tenant, settings, surahs };
}
