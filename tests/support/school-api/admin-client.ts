/**
 * A caller of the embedded API's admin RPC (school-api/admin-http.ts) at `adminUrl`, with the
 * operator's `token`: `await admin("setSchoolPolicy", { … })` answers the operation's `data`, and a
 * refusal is thrown with its status and error.
 */
export function adminCaller(adminUrl: string, token: string) {
  return async <T = unknown>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(adminUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ op, ...args }),
    });
    const body = (await response.json()) as { data?: T; error?: unknown };
    if (!response.ok) throw new Error(`admin ${op} answered ${response.status}: ${JSON.stringify(body.error)}`);
    return body.data as T;
  };
}
