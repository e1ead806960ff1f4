import { afterEach, beforeEach } from "vitest";
import { createV1Client, type V1ClientOptions } from "@/lib/v1/client";
import { startFakeApi, type FakeApi } from "./fake-api";

/** Looks like a real key so a leak would be easy to spot in any string. */
export const KEY = "sk_test_Zr9qLx2W7mKp4Vb8Nc1Td6Hy3Jf5Gs0A";

/**
 * Starts a fake API per test and builds clients whose sleeps are recorded, not waited:
 * retry tests assert the delays without spending them.
 */
export function withFakeApi() {
  const state = { api: undefined as FakeApi | undefined };
  beforeEach(async () => {
    state.api = await startFakeApi();
  });
  afterEach(async () => {
    await state.api?.close();
  });

  function api(): FakeApi {
    if (!state.api) throw new Error("fake API not started");
    return state.api;
  }

  function client(overrides: Partial<V1ClientOptions> = {}) {
    const sleeps: number[] = [];
    const built = createV1Client({
      baseUrl: api().baseUrl,
      apiKey: KEY,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      ...overrides,
    });
    return { client: built, sleeps };
  }

  return { api, client };
}

/** Runs `fn` and returns what it threw, failing if it did not throw. */
export async function caught(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error("expected a rejection");
}
