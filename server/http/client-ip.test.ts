import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { rateLimits } from "../../db/schema/index.ts";
import { call, createTestApp, type TestApp } from "../testing.ts";
import { addressBucket, LOOPBACK_PROXIES, normalizeAddress, resolveClientIp, trustedProxyList } from "./client-ip.ts";

describe("resolveClientIp", () => {
  const loopback = trustedProxyList(LOOPBACK_PROXIES);
  const chain = trustedProxyList(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);

  it("takes the socket's peer when no proxy is trusted, whatever the headers say", () => {
    expect(resolveClientIp("203.0.113.9", "198.51.100.1", null)).toBe("203.0.113.9");
    expect(resolveClientIp("127.0.0.1", "198.51.100.1", null)).toBe("127.0.0.1");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolveClientIp("203.0.113.9", "198.51.100.1", loopback)).toBe("203.0.113.9");
  });

  it("takes the rightmost hop that is not a trusted proxy, never the client-written left part", () => {
    // The client wrote "1.2.3.4"; our proxy appended the address it saw.
    expect(resolveClientIp("127.0.0.1", "1.2.3.4, 198.51.100.7", loopback)).toBe("198.51.100.7");
    expect(resolveClientIp("127.0.0.1", "9.9.9.9, 8.8.8.8, 198.51.100.7", loopback)).toBe("198.51.100.7");
    // Two proxies of ours: the load balancer's hop is skipped too.
    expect(resolveClientIp("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", chain)).toBe("198.51.100.7");
    expect(resolveClientIp("10.0.0.5", "6.6.6.6, 2001:db8::1, fd00::2", chain)).toBe("2001:db8::1");
  });

  it("stops at a garbled hop, keeping the last address a trusted proxy vouched for", () => {
    expect(resolveClientIp("127.0.0.1", "1.2.3.4, not-an-ip, 10.1.1.1", chain)).toBe("10.1.1.1");
    expect(resolveClientIp("127.0.0.1", "", chain)).toBe("127.0.0.1");
  });

  it("answers the leftmost hop when every hop is a trusted proxy", () => {
    expect(resolveClientIp("127.0.0.1", "10.0.0.1, 10.0.0.2", chain)).toBe("10.0.0.1");
  });

  it("reads ports, brackets and IPv4-mapped IPv6 addresses", () => {
    expect(normalizeAddress("198.51.100.7:4444")).toBe("198.51.100.7");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("evil.example")).toBeNull();
  });

  it("keys IPv6 clients by their /64 and IPv4 clients by their address", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("198.51.100.7")).toBe("198.51.100.7");
  });
});

describe.each(testEngines)("client address behind a proxy on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const keys = async () => (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);

  it("counts writes from one client in one bucket, however it rewrites X-Forwarded-For", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await call(t.app, "/api/views", {
        body: { kind: "items", id: "no-such-entry" },
        headers: { "X-Forwarded-For": `192.0.2.${attempt}, 198.51.100.77` },
      });
      expect(response.status).toBe(404);
    }
    const viewKeys = (await keys()).filter((key) => key.startsWith("view:"));
    expect(viewKeys).toEqual(["view:198.51.100.77"]);
  });

  it("puts the addresses of one IPv6 /64 in one bucket", async () => {
    for (const address of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:abcd::9"]) {
      await call(t.app, "/api/views", { body: { kind: "items", id: "no-such-entry" }, headers: { "X-Forwarded-For": address } });
    }
    expect((await keys()).filter((key) => key.startsWith("view:2001"))).toEqual(["view:2001:db8:5:6::/64"]);
  });

  it("does not let a peer outside TRUSTED_PROXIES name the client", async () => {
    await call(t.app, "/api/views", {
      body: { kind: "items", id: "no-such-entry" },
      headers: { "X-Forwarded-For": "192.0.2.200" },
      peer: "203.0.113.50",
    });
    const viewKeys = await keys();
    expect(viewKeys).toContain("view:203.0.113.50");
    expect(viewKeys).not.toContain("view:192.0.2.200");
  });
});
