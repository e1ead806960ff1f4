import { vi } from "vitest";

// The authz files call actions and route handlers outside a request: Next's cache has no request to
// revalidate and there are no request cookies or headers.
vi.mock("next/cache", async () => (await import("@/tests/support/actions/next-stand-ins")).nextCache);
vi.mock("next/headers", async () => (await import("@/tests/support/actions/next-stand-ins")).nextHeaders);
