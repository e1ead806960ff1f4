import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@/messages/en/live.json";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { LiveSnapshot } from "@/lib/features/live/types";
import { fetchSnapshot, POLL_MS, pollMessage, PollError, pollOptions, type PollProblem } from "./poll";

const t = (key: PollProblem) => `t:${key}`;

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })),
  );
}

async function failure(): Promise<Error> {
  try {
    await fetchSnapshot("ses_1");
  } catch (error) {
    return error as Error;
  }
  throw new Error("the poll did not fail");
}

afterEach(() => vi.unstubAllGlobals());

describe("the live poll's failures are said in the reader's words", () => {
  it("says a network failure by its key, never the browser's text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(pollMessage(await failure(), t)).toBe("t:poll.noAnswer");
  });

  it("says signed out and not found by their keys, never the status", async () => {
    answer(401, { error: "signed_out" });
    expect(pollMessage(await failure(), t)).toBe("t:poll.signedOut");
    answer(404, { error: "not_found" });
    expect(pollMessage(await failure(), t)).toBe("t:poll.notFound");
    answer(500, "<html>");
    expect(pollMessage(await failure(), t)).toBe("t:poll.failed");
  });

  it("shows a refusal of the school's API as the route translated it (502/503 with a code)", async () => {
    answer(503, {
      error: "unavailable",
      code: "internal_error",
      message: "The school's service could not be reached.",
      retryable: true,
      blocked: false,
    });
    expect(pollMessage(await failure(), t)).toBe("The school's service could not be reached.");
  });

  it("reads any other error as a failed poll", () => {
    expect(pollMessage(new Error("raw"), t)).toBe("t:poll.failed");
    expect(pollMessage(new PollError("poll.noAnswer"), t)).toBe("t:poll.noAnswer");
  });

  it("has every key in the catalogue", () => {
    for (const key of ["signedOut", "notFound", "noAnswer", "failed"]) expect(en.poll).toHaveProperty(key);
  });
});

describe("the register's first render asks for nothing the page brought (issue 31)", () => {
  function snapshot(fetchedAt: Date): LiveSnapshot {
    return { session: { id: "ses_1" }, fetchedAt: fetchedAt.toISOString() } as unknown as LiveSnapshot;
  }

  /** Mounts the register's query as useQuery does (an observer subscribing) and counts the polls. */
  async function pollsOnMount(initial: LiveSnapshot): Promise<number> {
    const fetchMock = vi.fn(async () => Response.json({ ...initial, fetchedAt: new Date().toISOString() }));
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient();
    const observer = new QueryObserver(client, pollOptions(initial));
    const stop = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    client.clear();
    return fetchMock.mock.calls.length;
  }

  it("a page the server has just rendered is not polled again at once", async () => {
    expect(await pollsOnMount(snapshot(new Date()))).toBe(0);
  });

  it("a page older than one poll interval (a kept copy, a restored page) is polled at once", async () => {
    expect(await pollsOnMount(snapshot(new Date(Date.now() - POLL_MS - 1000)))).toBe(1);
  });
});
