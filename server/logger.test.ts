import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "./logger.ts";

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
