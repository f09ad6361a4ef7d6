import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("loadConfig", () => {
  it("has working defaults: port 4040, PGlite in ./data, production", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4040,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      NODE_ENV: "production",
      APP_TITLE: "Minithings Companion",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.FAULT_ROUTES).toBe(false);
  });

  it("reads overrides", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u@h:5432/db",
      AUTH_SECRET: SECRET,
      FAULT_ROUTES: "1",
    });
    expect(config).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATABASE_URL: "postgres://u@h:5432/db", FAULT_ROUTES: true });
  });

  it("refuses bad values with a message naming the variable and the value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "70000", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT="70000"');
      expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL="loud"');
    }
  });

  it("requires AUTH_SECRET with a database server, not with the embedded one nor for the command-line tools", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" })).toThrowError(/AUTH_SECRET="": is required with DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }, { forServer: false }).DATABASE_URL).toBe("postgres://u@h:5432/db");
    expect(loadConfig({}).AUTH_SECRET).toBeUndefined();
  });

  it("reads the trusted proxies as addresses and CIDRs, loopback by default, and refuses a bad entry", () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual(["127.0.0.0/8", "::1/128"]);
    expect(loadConfig({ TRUSTED_PROXIES: " 10.0.0.0/8, fd00::/8 ,192.0.2.7" }).TRUSTED_PROXIES).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.7",
    ]);
    expect(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrowError(/TRUSTED_PROXIES=.*bad prefix length/);
    expect(() => loadConfig({ TRUSTED_PROXIES: "proxy.example" })).toThrowError(/TRUSTED_PROXIES=.*not an IP address/);
  });

  it("keeps mails out of the outbox unless MAIL_OUTBOX is on, and limits bodies to 64 KB by default", () => {
    expect(loadConfig({})).toMatchObject({ MAIL_OUTBOX: false, BODY_LIMIT_KB: 64 });
    expect(loadConfig({ MAIL_OUTBOX: "1", BODY_LIMIT_KB: "128" })).toMatchObject({ MAIL_OUTBOX: true, BODY_LIMIT_KB: 128 });
  });
});
