import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isLoopbackHost, newNonce, oidcOrigin, securityHeaders } from "./headers";

const directives = (csp: string) =>
  new Map(csp.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1)] as const));

describe("contentSecurityPolicy", () => {
  it("is strict in production: nonce and strict-dynamic for scripts, nothing inline or eval'd", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "abc123", dev: false, upgradeInsecureRequests: false }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("allows eval and inline styles only in development", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "n", dev: true, upgradeInsecureRequests: false }));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("lets forms lead to the OIDC provider and upgrades requests outside loopback", () => {
    const csp = contentSecurityPolicy({
      nonce: "n",
      dev: false,
      upgradeInsecureRequests: true,
      formActionOrigins: ["https://login.example"],
    });
    expect(directives(csp).get("form-action")).toEqual(["'self'", "https://login.example"]);
    expect(csp.endsWith("; upgrade-insecure-requests")).toBe(true);
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only to hosts that are not this machine", () => {
    for (const host of ["localhost:3000", "127.0.0.1:4000", "[::1]:3000", "app.localhost", null]) {
      expect(
        securityHeaders({ nonce: "n", host, dev: false })["Strict-Transport-Security"],
        String(host),
      ).toBeUndefined();
    }
    const remote = securityHeaders({ nonce: "n", host: "dashboard.school.example", dev: false });
    expect(remote["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    expect(remote["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
  });

  it("always sets the other headers", () => {
    const headers = securityHeaders({ nonce: "n", host: "localhost", dev: false });
    expect(headers).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    });
    expect(headers["Permissions-Policy"]).toContain("camera=()");
  });
});

describe("helpers", () => {
  it("recognises loopback hosts", () => {
    expect(isLoopbackHost("127.0.0.2")).toBe(true);
    expect(isLoopbackHost("127.example.org")).toBe(false);
    expect(isLoopbackHost("localhost.example.org")).toBe(false);
  });

  it("makes a fresh base64 nonce of 128 bits each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("knows the OIDC origin only when the provider is fully configured", () => {
    expect(
      oidcOrigin({ AUTH_OIDC_ISSUER: "https://id.example/realms/school", AUTH_OIDC_ID: "x", AUTH_OIDC_SECRET: "y" }),
    ).toBe("https://id.example");
    expect(oidcOrigin({ AUTH_OIDC_ISSUER: "https://id.example" })).toBeNull();
    expect(oidcOrigin({})).toBeNull();
  });
});
