/**
 * The connection health page's probes against the embedded School API with each demo key: which
 * read scopes a key holds, whether Learning Plans is on, and what an admin should do. Nothing is written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit";
import { loadConnectionHealth, probeReadScopes } from "@/lib/features/admin/connection-health";
import { summarizeHealth, writeEvidenceFrom } from "@/lib/features/admin/connection-health-rules";
import { createV1Client } from "@/lib/v1";
import { connectEmbeddedSchool, DEMO_KEYS, demoActors } from "./harness";

let baseUrl: string;
const probe = async (apiKey: string) => {
  const { school, outcomes } = await probeReadScopes(createV1Client({ baseUrl, apiKey }));
  return { school, health: summarizeHealth(outcomes, writeEvidenceFrom(null)) };
};
const stateOf = (health: Awaited<ReturnType<typeof probe>>["health"], scope: string) =>
  health.scopes.find((s) => s.scope === scope)?.state;

beforeAll(() => {
  baseUrl = connectEmbeddedSchool();
});

describe("probing a key's read scopes", () => {
  it("finds every read scope and Learning Plans on for Al-Noor's staff key", async () => {
    const { school, health } = await probe(DEMO_KEYS.alnoorAdmin);
    expect(school?.name).toBe("Al-Noor Quran School");
    expect(health.key).toBe("accepted");
    expect(health.scopes.map((s) => s.state)).toEqual(Array(9).fill("granted"));
    expect(health.learningPlans).toBe("on");
    expect(health.advice).toEqual([{ kind: "writesUnknown" }]);
  });

  it("names learning_plans:read as missing on the legacy key and advises rotating", async () => {
    const { health } = await probe(DEMO_KEYS.alnoorLegacy);
    expect(stateOf(health, "learning_plans:read")).toBe("missing");
    expect(stateOf(health, "students:read")).toBe("granted");
    expect(health.advice).toContainEqual({ kind: "rotateForScope", scope: "learning_plans:read" });
  });

  it("sees Learning Plans off at Dar Al-Arqam, with the scope held", async () => {
    const { school, health } = await probe(DEMO_KEYS.arqamAdmin);
    expect(school?.name).toBe("Dar Al-Arqam");
    expect(health.learningPlans).toBe("off");
    expect(stateOf(health, "learning_plans:read")).toBe("granted");
    expect(health.advice).toContainEqual({ kind: "learningPlansOff" });
  });

  it.each([DEMO_KEYS.revoked, DEMO_KEYS.expired])("tells an admin to replace the %s key", async (key) => {
    const { school, health } = await probe(key);
    expect(school).toBeNull();
    expect(health.key).toBe("rejected");
    expect(health.advice).toEqual([{ kind: "replaceKey" }]);
  });
});

describe("the connection page's report", () => {
  it("names the connection, the tenant and the school, and never the key", async () => {
    await demoActors();
    const health = await loadConnectionHealth("alnoor");
    expect(health).toMatchObject({
      label: "Al-Noor Quran School",
      embedded: true,
      school: { name: "Al-Noor Quran School" },
      previousTenantId: null,
    });
    expect(health.school?.id).toMatch(/\S/);
    expect(JSON.stringify(health)).not.toContain(DEMO_KEYS.alnoorAdmin);
  });

  it("learns whether writes work only from a write staff made, as the audit log recorded it", async () => {
    const { admin, arqamAdmin } = await demoActors();
    expect((await loadConnectionHealth("alnoor")).writes.state).toBe("unknown");
    await recordAudit(arqamAdmin, {
      action: "session.end",
      result: "denied",
      targetType: "session",
      details: { code: "write_access_disabled" },
    });
    await recordAudit(admin, { action: "user.create", result: "ok", targetType: "user" });
    expect((await loadConnectionHealth("alnoor")).writes.state).toBe("unknown");
    expect((await loadConnectionHealth("arqam")).writes.state).toBe("disabled");
    await recordAudit(admin, { action: "session.end", result: "ok", targetType: "session" });
    expect((await loadConnectionHealth("alnoor")).writes.state).toBe("effective");
  });
});
