import { describe, expect, it } from "vitest";
import { ERROR_STATUS as CONTRACT_ERROR_STATUS } from "@/lib/contract";
import { as, call, errorOf, expectError, explain, type ApiResponse } from "./http";
import { classroom, createStudent } from "./fixtures";
import { keys, lacks } from "./target";

/**
 * Spec part 7 and docs/contract.md "Errors": one body shape, one code→status map, and never a
 * 500 for a client's mistake.
 */

/** The contract's code→status map (lib/contract/common.ts), read by any code a server answers. */
const ERROR_STATUS: Record<string, number> = CONTRACT_ERROR_STATUS;

function expectDocumentedError(response: ApiResponse) {
  expect(response.status, explain(response)).toBeGreaterThanOrEqual(400);
  expect(response.status, explain(response)).toBeLessThan(500);
  const error = errorOf(response);
  expect(ERROR_STATUS[error.code], `code ${error.code} has status ${response.status}: ${explain(response)}`).toBe(
    response.status,
  );
}

describe.skipIf(lacks("admin"))("errors: shape and status", () => {
  const admin = as(keys.admin);

  it("an unknown path is 404 not_found with the error body, with or without a key", async () => {
    expectError(await admin.get("/teachers"), 404, "not_found");
    expectError(await call("/teachers"), 404, "not_found");
    expectError(await admin.get("/students/x/y/z"), 404, "not_found");
  });

  it("a method the path does not take is 405 method_not_allowed with Allow", async () => {
    const room = await classroom(admin);
    const student = await createStudent(admin, room.halqa.id);
    for (const [method, path, allowed] of [
      ["DELETE", `/students/${student.id}`, "PATCH"],
      ["PUT", "/students", "POST"],
      ["POST", "/school", "GET"],
      ["PATCH", "/surahs/1", "GET"],
    ] as const) {
      const response = await call(path, { method, key: keys.admin, body: {} });
      expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow") ?? "", explain(response)).toContain(allowed);
    }
  });

  it.for([
    ["a path traversal", "..%2F..%2Fschool"],
    ["SQL", "%27%20OR%20%271%27%3D%271"],
    ["1000 characters", "x".repeat(1000)],
    ["Arabic text", "%D8%B7%D8%A7%D9%84%D8%A8"],
    ["a NUL byte", "%00"],
    ["a space", "stu_%20"],
    ["a dash", "-"],
    ["bad percent-encoding", "%E0%A4%A"],
  ])("an id that is %s is a documented 4xx, never a 500", async ([, id]) => {
    for (const path of [`/students/${id}`, `/sessions/${id}/attendance`, `/learning-plans/${id}/assignments`]) {
      expectDocumentedError(await admin.get(path));
    }
  });

  it("a body over the documented size limit is 413 payload_too_large", async () => {
    const room = await classroom(admin);
    const response = await call("/students", {
      method: "POST",
      key: keys.admin,
      rawBody: JSON.stringify({ halqa_id: room.halqa.id, full_name: "x".repeat(2 * 1024 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });
    expectError(response, 413, "payload_too_large");
  });

  it.for([
    ["JSON null", "null"],
    ["a JSON string", '"student"'],
    ["a JSON number", "42"],
    ["a JSON array", "[]"],
    ["deeply nested JSON", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    ["a huge number", '{"full_name": 1e400}'],
    ["a duplicate key", '{"full_name": "a", "full_name": 5}'],
  ])("%s as a student body is a documented 4xx", async ([, raw]) => {
    const response = await call("/students", {
      method: "POST",
      key: keys.admin,
      rawBody: raw,
      headers: { "Content-Type": "application/json" },
    });
    expectDocumentedError(response);
  });

  it("every error met in this file follows the code→status map", async () => {
    const responses = await Promise.all([
      call("/school"),
      admin.get("/students", { limit: 0 }),
      admin.get("/nowhere"),
      call("/students", { method: "POST", key: keys.admin, rawBody: "x", headers: { "Content-Type": "text/plain" } }),
      admin.post("/students", { full_name: 5 }),
    ]);
    for (const response of responses) {
      const error = errorOf(response);
      expect(ERROR_STATUS[error.code], explain(response)).toBe(response.status);
    }
  });
});
