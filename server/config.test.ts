import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
    const config = loadConfig({ PORT: "8080", HOST: "0.0.0.0", DATABASE_URL: "postgres://u@h:5432/db", FAULT_ROUTES: "1" });
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
});
