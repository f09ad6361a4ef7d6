/**
 * Reading and writing content packs. `parsePack` is pure (file texts in, validated pack out) so
 * that an admin import can use it on uploaded files; `loadPack`/`writePack` add the file system.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { z } from "zod";
import { readMapSvg } from "./map-svg.ts";
import { PackError, formatPath, type PackProblem } from "./pack-error.ts";
import { toCanonicalJson } from "./pack-json.ts";
import { checkReferences } from "./pack-references.ts";
import {
  MANIFEST_FILE,
  PACK_KINDS,
  PACK_KIND_NAMES,
  packManifest,
  type ContentPack,
  type PackKind,
  type PackManifest,
} from "../../universal/content/pack-schema.ts";

/** File name -> text, for `pack.json`, every kind's file and the map SVG. */
export type PackFiles = Map<string, string>;

/** Every file name a pack is made of, except the map (its name is in the manifest). */
export const PACK_JSON_FILES = [MANIFEST_FILE, ...PACK_KIND_NAMES.map((kind) => PACK_KINDS[kind].file)];

let gameIconNames: ReadonlySet<string> | undefined;

/** Names in @iconify-json/game-icons (icons and aliases), read once. */
export function loadGameIconNames(): ReadonlySet<string> {
  if (!gameIconNames) {
    const require = createRequire(import.meta.url);
    const set = require("@iconify-json/game-icons/icons.json") as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };
    gameIconNames = new Set([...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})]);
  }
  return gameIconNames;
}

export async function loadPack(dir: string): Promise<ContentPack> {
  const files: PackFiles = new Map();
  const missing: PackProblem[] = [];
  const read = async (name: string) => {
    try {
      files.set(name, await readFile(join(dir, name), "utf8"));
    } catch (error) {
      missing.push({ file: name, message: isNotFound(error) ? "File is missing" : `Cannot be read: ${String(error)}` });
    }
  };
  await Promise.all(PACK_JSON_FILES.map(read));
  const mapFile = mapFileName(files.get(MANIFEST_FILE));
  if (mapFile) await read(mapFile);
  if (missing.length > 0) throw new PackError(missing);
  return parsePack(files);
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ENOENT";
}

/** The map's file name from a manifest text, if it can be read (the manifest is validated later). */
function mapFileName(manifestText: string | undefined): string | undefined {
  try {
    const file = (JSON.parse(manifestText ?? "") as { map?: { file?: unknown } }).map?.file;
    return typeof file === "string" && /^[a-z0-9-]+\.svg$/.test(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Validates every file, then the references between them; throws one PackError listing all problems. */
export function parsePack(files: PackFiles): ContentPack {
  const problems: PackProblem[] = [];
  const manifest = parseManifest(files.get(MANIFEST_FILE), problems);
  const entries: Partial<Record<PackKind, unknown[]>> = {};
  for (const kind of PACK_KIND_NAMES) entries[kind] = parseKindFile(kind, files.get(PACK_KINDS[kind].file), problems);
  const mapSvg = manifest ? files.get(manifest.map.file) : undefined;
  if (manifest && mapSvg === undefined) problems.push({ file: manifest.map.file, message: "File is missing" });
  if (problems.length > 0 || !manifest || mapSvg === undefined) throw new PackError(problems);

  const pack = { manifest, mapSvg, ...entries } as ContentPack;
  const referenceProblems = checkReferences(pack, loadGameIconNames(), readMapSvg(mapSvg));
  if (referenceProblems.length > 0) throw new PackError(referenceProblems);
  return pack;
}

function parseJson(file: string, text: string | undefined, problems: PackProblem[]): unknown {
  if (text === undefined) {
    problems.push({ file, message: "File is missing" });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push({ file, message: `Invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function parseManifest(text: string | undefined, problems: PackProblem[]): PackManifest | undefined {
  const raw = parseJson(MANIFEST_FILE, text, problems);
  if (raw === undefined) return undefined;
  const result = packManifest.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    problems.push({ file: MANIFEST_FILE, path: formatPath(issue.path) || undefined, message: issue.message });
  return undefined;
}

/** A kind's file is a JSON array of entries. */
function parseKindFile(kind: PackKind, text: string | undefined, problems: PackProblem[]): unknown[] {
  const file = PACK_KINDS[kind].file;
  const raw = parseJson(file, text, problems);
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push({ file, message: "Expected a JSON array of entries" });
    return [];
  }
  return validateEntries(file, PACK_KINDS[kind].entry, raw, problems);
}

/** Each entry is validated on its own so that a problem names the entry's index and id. */
function validateEntries(file: string, schema: z.ZodType, entries: unknown[], problems: PackProblem[]): unknown[] {
  return entries.map((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) return result.data;
    const id = typeof (entry as { id?: unknown } | null)?.id === "string" ? (entry as { id: string }).id : undefined;
    for (const issue of result.error.issues)
      problems.push({ file, index, id, path: formatPath(issue.path) || undefined, message: issue.message });
    return entry;
  });
}

/**
 * The files of a pack in canonical form. Entries go through their schema again, which puts keys
 * in the format's order whatever order the caller built them in, and refuses invalid entries
 * with the same PackError as loading. Cross-references are not checked here: `parsePack` does.
 */
export function serializePack(pack: ContentPack): PackFiles {
  const problems: PackProblem[] = [];
  const files: PackFiles = new Map();
  const manifest = packManifest.safeParse(pack.manifest);
  if (manifest.success) files.set(MANIFEST_FILE, toCanonicalJson(manifest.data));
  else
    for (const issue of manifest.error.issues)
      problems.push({ file: MANIFEST_FILE, path: formatPath(issue.path) || undefined, message: issue.message });
  for (const kind of PACK_KIND_NAMES) {
    const file = PACK_KINDS[kind].file;
    files.set(file, toCanonicalJson(validateEntries(file, PACK_KINDS[kind].entry, pack[kind] as unknown[], problems)));
  }
  if (problems.length > 0) throw new PackError(problems);
  files.set(pack.manifest.map.file, pack.mapSvg);
  return files;
}

/** Writes every file of the pack into `dir` (created if needed); loading it back gives the same pack. */
export async function writePack(pack: ContentPack, dir: string): Promise<void> {
  const files = serializePack(pack);
  await mkdir(dir, { recursive: true });
  await Promise.all([...files].map(([name, text]) => writeFile(join(dir, name), text, "utf8")));
}
