import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/** `TRUSTED_PROXIES`' default: a proxy on this machine (nginx, Caddy) in front of the app. */
export const LOOPBACK_PROXIES = ["127.0.0.0/8", "::1/128"] as const;

/** One address, without a port, brackets or an IPv4-mapped IPv6 prefix; null when it is not an address. */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(value) ? value.toLowerCase() : null;
}

/**
 * Parses `TRUSTED_PROXIES` entries (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`). Throws on a bad entry:
 * the configuration schema reports it at start.
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.trim().split("/");
    const normalized = normalizeAddress(address);
    if (!normalized) throw new Error(`not an IP address or CIDR: ${entry}`);
    const family = isIP(normalized) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) {
      list.addAddress(normalized, family);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (family === "ipv6" ? 128 : 32)) throw new Error(`bad prefix length in ${entry}`);
    list.addSubnet(normalized, prefix, family);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address, as every mature framework finds it behind proxies: start from the socket's
 * peer and walk `X-Forwarded-For` from the right while the hop is a trusted proxy; the first hop
 * that is not one is the client. The left part of the header is whatever the client wrote, so it is
 * never taken: a client cannot choose its own bucket by sending a new header each time.
 */
export function resolveClientIp(peer: string | null, forwardedFor: string | undefined, trusted: BlockList | null): string | null {
  if (!peer || !trusted || !isTrusted(trusted, peer) || !forwardedFor) return peer;
  let client = peer;
  const hops = forwardedFor.split(",");
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = normalizeAddress(hops[index] ?? "");
    // A garbled hop was written by someone we do not trust: the last trusted hop is as far as we can see.
    if (!hop) return client;
    client = hop;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return client;
}

/**
 * The rate-limit key of an address: IPv6 clients get a /64 each (one household or phone), as
 * better-auth's own buckets do, so rotating through a prefix's addresses gains nothing.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/**
 * Sets `clientIp` from the socket, or, when `TRUST_PROXY` is on and the socket's peer is one of
 * `TRUSTED_PROXIES`, from the rightmost untrusted `X-Forwarded-For` hop; and `https` from the
 * request's own URL, or from such a proxy's `X-Forwarded-Proto` (nobody else's).
 */
export function clientIp(trustProxy: boolean, trustedProxies: readonly string[]): MiddlewareHandler<AppEnv> {
  const trusted = trustProxy ? trustedProxyList(trustedProxies) : null;
  return async (c, next) => {
    let peer: string | null;
    try {
      peer = normalizeAddress(getConnInfo(c).remote.address ?? "");
    } catch {
      // No socket: a request handed to the app in-process.
      peer = null;
    }
    c.set("clientIp", resolveClientIp(peer, c.req.header("x-forwarded-for"), trusted) ?? "0.0.0.0");
    const viaTrustedProxy = Boolean(trusted && peer && isTrusted(trusted, peer));
    const forwardedProto = viaTrustedProxy ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() : undefined;
    c.set("https", (forwardedProto ?? new URL(c.req.url).protocol.slice(0, -1)) === "https");
    await next();
  };
}
