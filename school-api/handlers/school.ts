import { eq } from "drizzle-orm";
import { SURAHS } from "@/lib/quran";
import { semesters } from "../db/schema";
import type { Handlers } from "../context";
import { ApiError, notFound } from "../errors";
import { toSchool, toSemester } from "../mappers";
import { findOne, pageById } from "./shared";

type SemesterRow = typeof semesters.$inferSelect;

export const schoolHandlers: Pick<Handlers, "getSchool" | "listSemesters" | "getSemester" | "listSurahs" | "getSurah"> =
  {
    getSchool: async (ctx) => ({ data: toSchool(ctx.school) }),

    listSemesters: (ctx, { query }) =>
      pageById<SemesterRow, ReturnType<typeof toSemester>>(ctx, {
        scope: "semesters",
        table: semesters,
        query,
        filters: [query.status ? eq(semesters.status, query.status) : undefined],
        map: toSemester,
        sync: true,
      }),

    getSemester: async (ctx, { params }) => {
      const row = await findOne<SemesterRow>(ctx, semesters, params.id ?? "");
      if (!row) throw notFound("Semester");
      return { data: toSemester(row) };
    },

    listSurahs: async () => ({ data: [...SURAHS] }),

    getSurah: async (_ctx, { params }) => {
      const raw = params.number ?? "";
      if (!/^\d{1,3}$/.test(raw)) throw new ApiError("bad_request", "A Surah number is a whole number from 1 to 114");
      const surah = SURAHS[Number(raw) - 1];
      if (!surah) throw new ApiError("not_found", "Surah numbers run from 1 to 114");
      return { data: surah };
    },
  };
