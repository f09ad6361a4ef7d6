import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stylesheetReader } from "./stylesheets.ts";

describe("stylesheetReader", () => {
  const clientDir = mkdtempSync(join(tmpdir(), "client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets", "app-abc123.css"), "body{margin:0}");
  writeFileSync(join(clientDir, "secret.css"), "nope");

  it("reads a stylesheet of the client build by its URL", () => {
    expect(stylesheetReader(clientDir)("/assets/app-abc123.css")).toBe("body{margin:0}");
  });

  it("reads nothing outside the built stylesheets, nor without a client build", () => {
    const read = stylesheetReader(clientDir);
    expect(read("/secret.css")).toBeUndefined();
    expect(read("/assets/../secret.css")).toBeUndefined();
    expect(read("/assets/missing.css")).toBeUndefined();
    expect(stylesheetReader(undefined)("/assets/app-abc123.css")).toBeUndefined();
  });
});
