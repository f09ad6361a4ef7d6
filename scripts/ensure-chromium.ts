import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "./chromium.ts";

/**
 * The browser journeys need Chromium at `chromiumPath`. On a fresh Debian machine `npm test` installs
 * Debian's package when it may (as root, or with passwordless sudo, and apt-get is there); otherwise it
 * stops before any test runs and names the one command that installs it.
 */
export const installCommand = "sudo apt-get install -y chromium";

export interface Host {
  /** Chromium's path: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
  path: string;
  /** Whether CHROMIUM_PATH chose the path (then installing Debian's package would not put it there). */
  pathFromEnv: boolean;
  exists: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  passwordlessSudo: boolean;
}

export type ChromiumStep = { kind: "present" } | { kind: "install"; prefix: string[] } | { kind: "stop"; message: string };

export function chromiumStep(host: Host): ChromiumStep {
  if (host.exists(host.path)) return { kind: "present" };
  if (host.pathFromEnv) {
    return { kind: "stop", message: `CHROMIUM_PATH names ${host.path}, which does not exist: point it at a Chromium binary.` };
  }
  const missing = `Chromium is missing (${host.path}); the browser journeys need it. Install it with:\n  ${installCommand}`;
  if (!host.hasAptGet) return { kind: "stop", message: missing };
  if (host.isRoot) return { kind: "install", prefix: [] };
  if (host.passwordlessSudo) return { kind: "install", prefix: ["sudo", "-n"] };
  return { kind: "stop", message: missing };
}

function succeeds(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

export function thisHost(): Host {
  const hasSudo = succeeds("sh", ["-c", "command -v sudo"]);
  return {
    path: chromiumPath,
    pathFromEnv: process.env.CHROMIUM_PATH !== undefined,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: succeeds("sh", ["-c", "command -v apt-get"]),
    passwordlessSudo: hasSudo && succeeds("sudo", ["-n", "true"]),
  };
}

/** Makes sure Chromium is there; returns a message naming what to run when it cannot be. */
export function ensureChromium(host: Host = thisHost()): string | undefined {
  const step = chromiumStep(host);
  if (step.kind === "present") return undefined;
  if (step.kind === "stop") return step.message;
  console.log("Installing Debian's Chromium for the browser journeys...");
  const apt = (...args: string[]) => {
    const [command, ...rest] = [...step.prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args];
    return spawnSync(command!, rest, { stdio: "inherit" }).status === 0;
  };
  if (apt("update", "-qq") && apt("install", "-y", "-qq", "chromium") && host.exists(host.path)) return undefined;
  return `Installing Chromium failed (see above). Install it with:\n  ${installCommand}`;
}
