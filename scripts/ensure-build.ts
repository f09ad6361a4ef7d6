import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Everything the production build is made from. */
const inputs = [
  "app",
  "server",
  "db",
  "universal",
  "locales",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const stampFile = resolve("build/.fingerprint");

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      if (file.endsWith(".test.ts") || file.endsWith(".test.tsx")) continue;
      hash.update(file).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

/** Builds when the build is missing or was made from other sources, so `npm start` works right after `npm ci`. */
export function ensureBuild(): void {
  const fingerprint = sourceFingerprint();
  const current = existsSync("build/server/index.js") && existsSync(stampFile) && readFileSync(stampFile, "utf8") === fingerprint;
  if (current) return;
  console.log("Building the app (the build is missing or out of date)…");
  execFileSync(process.execPath, [resolve("node_modules/@react-router/dev/bin.cjs"), "build"], { stdio: "inherit" });
  writeFileSync(stampFile, fingerprint);
}

if (import.meta.main) ensureBuild();
