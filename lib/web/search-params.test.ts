import { describe, expect, it } from "vitest";
import { firstParam, hrefWith, oneOf, semesterListParams } from "./search-params";

describe("URL helpers", () => {
  it("takes the first trimmed value and drops empty or overlong ones", () => {
    expect(firstParam({ q: ["  a ", "b"] }, "q")).toBe("a");
    expect(firstParam({ q: "   " }, "q")).toBeUndefined();
    expect(firstParam({ q: "x".repeat(201) }, "q")).toBeUndefined();
    expect(firstParam({}, "q")).toBeUndefined();
  });

  it("accepts only listed values", () => {
    expect(oneOf("true", ["true", "false"] as const)).toBe("true");
    expect(oneOf("yes", ["true", "false"] as const)).toBeUndefined();
  });

  it("reads a semester list's semester, listed status and search text", () => {
    expect(semesterListParams({ semester: "sem_1", status: "active", q: " ali " }, ["active"] as const)).toEqual({
      semester: "sem_1",
      status: "active",
      q: "ali",
    });
    expect(semesterListParams({ status: "gone" }, ["active"] as const)).toEqual({
      semester: undefined,
      status: undefined,
      q: undefined,
    });
  });

  it("builds hrefs without empty values", () => {
    expect(hrefWith("/halqas", { semester: "sem_1", q: undefined, active: "" })).toBe("/halqas?semester=sem_1");
    expect(hrefWith("/halqas", {})).toBe("/halqas");
  });
});
