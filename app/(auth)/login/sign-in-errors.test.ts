import { describe, expect, it } from "vitest";
import { signInErrorKey } from "./sign-in-errors";

describe("signInErrorKey", () => {
  it("tells wrong credentials, a lock-out and a disabled account apart", () => {
    expect(signInErrorKey("CredentialsSignin", "credentials")).toBe("auth.errors.invalidCredentials");
    expect(signInErrorKey("CredentialsSignin", "too_many_attempts")).toBe("auth.errors.rateLimited");
    expect(signInErrorKey("CredentialsSignin", "disabled")).toBe("auth.errors.disabled");
  });

  it("explains refusals Auth.js reports with ?error=", () => {
    expect(signInErrorKey("AccessDenied")).toBe("auth.errors.accessDenied");
    expect(signInErrorKey("Configuration")).toBe("auth.errors.failed");
    expect(signInErrorKey(undefined)).toBeNull();
  });
});
