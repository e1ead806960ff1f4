import { describe, expect, it } from "vitest";
import { refererPath, safeLocalPath } from "./redirect";

describe("safeLocalPath", () => {
  it("keeps paths of this site with their query", () => {
    expect(safeLocalPath("/halqas?semester=sem_1&q=a")).toBe("/halqas?semester=sem_1&q=a");
    expect(safeLocalPath("/")).toBe("/");
  });

  it("drops Next's _rsc parameter", () => {
    expect(safeLocalPath("/today?_rsc=abc")).toBe("/today");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil",
    "javascript:alert(1)",
    "halqas",
    "",
    "/a\nb",
    null,
    42,
  ])("refuses %j", (value) => {
    expect(safeLocalPath(value)).toBeNull();
  });
});

describe("refererPath", () => {
  it("takes the path of a same-origin referer only", () => {
    expect(refererPath("http://localhost:3000/students?q=x", "localhost:3000")).toBe("/students?q=x");
    expect(refererPath("https://evil.example/students", "localhost:3000")).toBeNull();
    expect(refererPath(null, "localhost:3000")).toBeNull();
    expect(refererPath("not a url", "localhost:3000")).toBeNull();
  });
});
