import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Assignment } from "@/lib/contract";
import { buildTimeline } from "@/lib/features/plans/timeline";
import { i18nFor } from "@/lib/i18n/core";
import { AssignmentTimeline } from "./assignment-timeline";
import { lastSyncText } from "./sync-section";

// "Sync now" is a client component over a server action (next-auth): not needed to read the text.
vi.mock("./sync-now", () => ({ SyncNow: () => null }));

// The plan store and the API give instants in UTC; people at a school in Riyadh (UTC+3) read them in Riyadh.
const riyadh = i18nFor("en", "Asia/Riyadh");

describe("plan pages show the school's time", () => {
  it("the last complete sync", () => {
    expect(lastSyncText({ lastCompletedAt: "2026-03-01T09:15:00.000Z", lastMode: "incremental" }, riyadh)).toContain(
      "1 Mar 2026, 12:15",
    );
  });

  it("the assignment timeline", () => {
    const assignment = {
      id: "asg_1",
      plan_id: "pln_1",
      student_id: "stu_1",
      due_date: "2026-03-05",
      status: "in_progress",
      source: "automatic",
      explanation: null,
      published_at: "2026-03-01T22:00:00.000Z",
      started_at: null,
      completed_at: null,
      superseded_at: null,
      replaced_by_assignment_id: null,
      segments: [],
      created_at: "2026-03-01T08:00:00.000Z",
      updated_at: "2026-03-01T08:00:00.000Z",
    } as Assignment;
    const html = renderToStaticMarkup(
      createElement(AssignmentTimeline, { entries: buildTimeline([assignment]), surahs: new Map(), i18n: riyadh }),
    );
    expect(html).toContain("2 Mar 2026, 01:00");
    expect(html).not.toContain("22:00");
  });
});
