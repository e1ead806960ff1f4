/**
 * Next's request-scoped modules as a server action called outside a request needs them, e.g.
 *   vi.mock("next/cache", async () => (await import("@/tests/support/actions/next-stand-ins")).nextCache);
 */
export const nextCache = { revalidatePath: () => undefined, revalidateTag: () => undefined };
export const nextNavigation = {
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
};
export const nextHeaders = {
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers(),
};

/** A form as the browser posts it. */
export const formOf = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};
