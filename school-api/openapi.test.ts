import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

describe("the served OpenAPI document", () => {
  it("says whom each server is for (OWASP API9, inventory: x-internal and a description)", () => {
    const servers = openApiDocument().servers as { url: string; description?: string; "x-internal"?: unknown }[];
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      expect(typeof server["x-internal"], server.url).toBe("boolean");
      expect(server.description, server.url).toBeTruthy();
    }
  });
});
