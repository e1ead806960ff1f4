import { BlockList, isIP, isIPv4 } from "node:net";

/**
 * Who is on the other end of a request. Forwarding headers are believed only when the request came
 * from a proxy the operator named in `TRUSTED_PROXIES` (addresses/CIDRs, comma-separated, or a hop
 * count); otherwise the socket's address is the client. Network control, sign-in throttling and the
 * audit log all ask here, so a forged `X-Forwarded-For` moves none of them.
 */
export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: BlockList };

/** Set by `installPeerStamp` (lib/security/peer-stamp.ts) from the socket, over anything a client sent. */
export const PEER_HEADER = "x-halqa-peer-address";
const STAMPED = Symbol.for("halqa-dashboard.peer-stamp");

type StampFlag = { [STAMPED]?: boolean };

export function markPeerStampInstalled(): void {
  (globalThis as StampFlag)[STAMPED] = true;
}

export function peerStampInstalled(): boolean {
  return (globalThis as StampFlag)[STAMPED] === true;
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const unmapped = value.toLowerCase().startsWith("::ffff:") && isIPv4(value.slice(7)) ? value.slice(7) : value;
  return isIP(unmapped) ? unmapped : null;
}

export function addressInList(list: BlockList, address: string): boolean {
  return list.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

/** A BlockList of addresses and CIDRs; throws on an entry that is neither. */
export function cidrList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [rawAddress, prefix] = entry.trim().split("/");
    const address = normalizeAddress(rawAddress);
    if (!address) throw new Error(`not an address or CIDR: ${entry}`);
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), type);
    else throw new Error(`not an address or CIDR: ${entry}`);
  }
  return list;
}

export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = value?.trim();
  if (!text || text === "0" || text === "false") return { kind: "none" };
  if (/^\d+$/.test(text)) return { kind: "hops", hops: Number(text) };
  return { kind: "list", list: cidrList(text.split(",").filter((entry) => entry.trim())) };
}

let cached: { raw: string | undefined; trust: ProxyTrust } | null = null;

export function proxyTrustFromEnv(env: NodeJS.ProcessEnv = process.env): ProxyTrust {
  if (cached && cached.raw === env.TRUSTED_PROXIES) return cached.trust;
  cached = { raw: env.TRUSTED_PROXIES, trust: parseProxyTrust(env.TRUSTED_PROXIES) };
  return cached.trust;
}

/** Whether the socket's peer is a proxy the operator named: only then are its headers believed. */
export function isTrustedProxy(peer: string | null | undefined, trust: ProxyTrust): boolean {
  const address = normalizeAddress(peer);
  if (!address || trust.kind === "none") return false;
  return trust.kind === "hops" || addressInList(trust.list, address);
}

/**
 * The client, walking `X-Forwarded-For` from the right only through trusted hops. A hop that is not
 * a well-formed address ends the walk at the last trusted one.
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trust: ProxyTrust,
): string | null {
  let client = normalizeAddress(peer);
  if (!client || trust.kind === "none") return client;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  for (let i = 0; i < hops.length; i += 1) {
    const trusted = trust.kind === "hops" ? i < trust.hops : addressInList(trust.list, client);
    if (!trusted) break;
    const next = normalizeAddress(hops[i]);
    if (!next) break;
    client = next;
  }
  return client;
}

/** For a request Next.js served: the socket address stamped on it, then the trusted forwarding chain. */
export function requestClientAddress(headers: Headers, env: NodeJS.ProcessEnv = process.env): string | null {
  const peer = peerStampInstalled() ? headers.get(PEER_HEADER) : null;
  return clientAddress(peer, headers.get("x-forwarded-for"), proxyTrustFromEnv(env));
}
