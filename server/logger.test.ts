import { describe, expect, it } from "vitest";
import { createLogger, redactUrlSecrets, type LogLevel } from "./logger.ts";

describe("createLogger", () => {
  it("writes one JSON object per line, with child fields and serialised errors, above the level", () => {
    const lines: [string, LogLevel][] = [];
    const logger = createLogger("info", { service: "web" }, (line, level) => lines.push([line, level]));
    logger.debug("hidden");
    logger.child({ requestId: "r1" }).error("boom", { error: new Error("bad") });
    expect(lines).toHaveLength(1);
    const [line, level] = lines[0] ?? ["", "info"];
    expect(level).toBe("error");
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", msg: "boom", service: "web", requestId: "r1", error: { name: "Error", message: "bad" } });
    expect(typeof entry.time).toBe("string");
  });
});

describe("redactUrlSecrets", () => {
  it("blanks a reset link's token, and tokens and codes in query strings, in every field", () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    logger.info("request", { path: "/api/auth/reset-password/AbC123_-xyz", method: "GET" });
    logger.error("request failed", { url: "http://localhost:4040/login?mode=reset&token=s3cr3t-T0ken#top" });
    logger.warn("callback", { error: new Error("bad state for /api/auth/callback/oidc?code=abc.def&state=1") });
    const text = lines.join("\n");
    for (const secret of ["AbC123_-xyz", "s3cr3t-T0ken", "abc.def"]) expect(text).not.toContain(secret);
    expect(JSON.parse(lines[0] ?? "{}").path).toBe("/api/auth/reset-password/[redacted]");
    expect(JSON.parse(lines[1] ?? "{}").url).toBe("http://localhost:4040/login?mode=reset&token=[redacted]#top");
    expect(redactUrlSecrets("/api/auth/verify-email?token=t0k&callbackURL=/")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=/",
    );
  });
});
