import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createV1Client } from "./client";
import { V1Error } from "./errors";
import { failureOf } from "./failures";
import { problemMessage } from "@/lib/actions/problem";
import { translator } from "@/lib/i18n/core";
import type { Reply, SeenRequest } from "@/tests/support/v1/fake-api";
import { KEY, caught, withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

/** Every way an error might be printed, logged or serialized. */
function renderings(error: Error): string[] {
  return [
    String(error),
    error.message,
    error.stack ?? "",
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    error instanceof V1Error ? problemMessage(error, translator("en")) : "",
  ];
}

function expectKeyFree(error: Error) {
  for (const text of renderings(error)) expect(text).not.toContain(KEY);
}

/** A hostile server that echoes the credential back in every place it can. */
const echo =
  (status: number, code: string) =>
  (request: SeenRequest): Reply => ({
    status,
    json: {
      error: {
        code,
        message: `rejected ${request.headers.authorization}`,
        details: {
          authorization: request.headers.authorization,
          fields: { key: `${KEY} is bad` },
          nested: [{ again: KEY }],
        },
      },
    },
    headers: { "retry-after": "1" },
  });

describe("the API key never leaks", () => {
  it.each([
    [401, "invalid_api_key"],
    [403, "insufficient_scope"],
    [403, "network_denied"],
    [422, "validation_failed"],
    [429, "rate_limited"],
    [500, "internal_error"],
  ])("not from a %i %s whose body echoes it", async (status, code) => {
    api().reply(echo(status, code));
    const error = await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool"));
    expect(error.message).toContain("[redacted]");
    expectKeyFree(error);
  });

  it("not from a validation failure's field map", async () => {
    api().reply(echo(422, "validation_failed"));
    const error = await caught(() => client().client.call("getSchool"));
    expect(failureOf(error)).toMatchObject({ fieldErrors: { key: "[redacted] is bad" } });
    expectKeyFree(error);
  });

  it("not from a response that breaks the contract while echoing it", async () => {
    api().reply((request) => ({ status: 200, json: { data: { id: request.headers.authorization } } }));
    expectKeyFree(await caught(() => client().client.call("getSchool")));
  });

  it("not from network failures and timeouts", async () => {
    api().reply(() => ({ destroy: true }));
    expectKeyFree(await caught(() => client({ retry: { maxAttempts: 1 } }).client.call("getSchool")));
    api().reply(() => ({ status: 200, json: {}, delayMs: 1_000 }));
    expectKeyFree(await caught(() => client({ retry: { maxAttempts: 1 }, timeoutMs: 20 }).client.call("getSchool")));
  });

  it("not from a key that cannot be sent in a header", async () => {
    const bad = `${KEY}\r\nX-Injected: 1`;
    const error = await caught(async () => createV1Client({ baseUrl: api().baseUrl, apiKey: bad }));
    expect(error).toMatchObject({ code: "client_misconfigured" });
    for (const text of renderings(error)) expect(text).not.toContain(KEY);
  });

  it("not from the client object itself", async () => {
    const built = client().client;
    expect(JSON.stringify(built) ?? "").not.toContain(KEY);
    expect(inspect(built, { depth: 10, showHidden: true })).not.toContain(KEY);
  });

  it("is never put in the URL or the body", async () => {
    api().reply(() => ({ status: 201, json: { error: { code: "x", message: "x" } } }));
    await caught(() => client().client.call("createStudent", { body: { halqa_id: "hal_1", full_name: "A" } }));
    const [seen] = api().requests;
    expect(seen!.url.href).not.toContain(KEY);
    expect(seen!.body).not.toContain(KEY);
  });
});
