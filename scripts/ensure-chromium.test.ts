import { describe, expect, it } from "vitest";
import { chromiumStep, installCommand, type Host } from "./ensure-chromium.ts";

const fresh: Host = {
  path: "/nonexistent/chromium",
  pathFromEnv: false,
  exists: () => false,
  isRoot: false,
  hasAptGet: true,
  passwordlessSudo: false,
};

describe("chromiumStep", () => {
  it("does nothing when Chromium is at its path", () => {
    expect(chromiumStep({ ...fresh, exists: (path) => path === fresh.path })).toEqual({ kind: "present" });
  });

  it("installs Debian's package directly as root", () => {
    expect(chromiumStep({ ...fresh, isRoot: true })).toEqual({ kind: "install", prefix: [] });
  });

  it("installs through sudo when sudo asks no password", () => {
    expect(chromiumStep({ ...fresh, passwordlessSudo: true })).toEqual({ kind: "install", prefix: ["sudo", "-n"] });
  });

  it("stops with the install command when it may not install", () => {
    const step = chromiumStep(fresh);
    expect(step.kind).toBe("stop");
    expect(step.kind === "stop" && step.message).toContain(installCommand);
  });

  it("stops with the install command when apt-get is missing, even as root", () => {
    const step = chromiumStep({ ...fresh, isRoot: true, hasAptGet: false });
    expect(step.kind === "stop" && step.message).toContain(installCommand);
  });

  it("does not install Debian's package for a CHROMIUM_PATH that is missing", () => {
    const step = chromiumStep({ ...fresh, isRoot: true, pathFromEnv: true });
    expect(step.kind === "stop" && step.message).toContain("CHROMIUM_PATH");
  });
});
