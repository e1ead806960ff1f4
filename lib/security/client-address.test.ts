import { describe, expect, it } from "vitest";
import { clientAddress, parseProxyTrust } from "./client-address";

describe("clientAddress", () => {
  const none = parseProxyTrust(undefined);

  it("is the socket's address when no proxy is trusted, whatever the headers say", () => {
    expect(clientAddress("203.0.113.9", "10.20.1.5", none)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", null, none)).toBe("203.0.113.9");
    expect(clientAddress(null, "10.20.1.5", none)).toBeNull();
  });

  it("walks X-Forwarded-For from the right through named proxies only", () => {
    const trust = parseProxyTrust("10.0.0.0/8, 192.0.2.1");
    expect(clientAddress("10.0.0.2", "198.51.100.7", trust)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 192.0.2.1", trust)).toBe("198.51.100.7");
    // A request straight from the internet: its own header is not believed.
    expect(clientAddress("203.0.113.9", "10.20.1.5", trust)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "not-an-ip", trust)).toBe("10.0.0.2");
  });

  it("takes a hop count as that many proxies in front", () => {
    const oneHop = parseProxyTrust("1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", oneHop)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", parseProxyTrust("2"))).toBe("6.6.6.6");
    expect(clientAddress("10.0.0.2", null, oneHop)).toBe("10.0.0.2");
  });

  it("refuses a TRUSTED_PROXIES entry that is not an address or CIDR", () => {
    expect(() => parseProxyTrust("proxy.internal")).toThrow(/not an address or CIDR/);
  });
});
