import { resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, contentPacks, contentVersions } from "../../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { loadPack } from "./load-pack.ts";
import { installPack, readVersion, recordFirstVersion } from "./content-versions.ts";
import { PACK_KIND_NAMES, type ContentPack, type PackKind, type PackManifest } from "../../universal/content/pack-schema.ts";

export { packChecksum } from "./pack-checksum.ts";

const SLOT = "current";
export const DEMO_PACK_DIR = resolve(process.cwd(), "content/demo");

/**
 * Makes a validated pack the one in use, as a new version (the command line's import): readers see
 * the old pack or the new one, never half of each (`installPack`).
 */
export async function importPack(db: Database, pack: ContentPack, now = Date.now()): Promise<{ checksum: string; entries: number }> {
  const { checksum } = await installPack(db, pack, { source: "import", by: null, now });
  return { checksum, entries: PACK_KIND_NAMES.reduce((sum, kind) => sum + (pack[kind] as unknown[]).length, 0) };
}
const EXPORT_PAGE = 2_000;

/**
 * The pack in use, rebuilt from the database; `serializePack` restores the files' key order. Read a
 * page of entries at a time (an embedded database serves other requests between them); a flip seen
 * meanwhile (the pack's checksum moved) reads again.
 */
export async function exportPack(db: Database): Promise<ContentPack | null> {
  return (await readPackInUse(db))?.pack ?? null;
}

/** The pack in use and its checksum, read together (`exportPack`). */
export async function readPackInUse(db: Database): Promise<{ pack: ContentPack; checksum: string } | null> {
  for (;;) {
    const [current] = await db.select().from(contentPacks).where(eq(contentPacks.slot, SLOT));
    if (!current) return null;
    const byKind = Object.fromEntries(PACK_KIND_NAMES.map((kind) => [kind, [] as unknown[]])) as Record<PackKind, unknown[]>;
    let after: { kind: string; position: number; id: string } | null = null;
    for (;;) {
      const page: { kind: string; position: number; id: string; data: unknown }[] = await db
        .select({ kind: contentEntries.kind, position: contentEntries.position, id: contentEntries.id, data: contentEntries.data })
        .from(contentEntries)
        .where(
          after
            ? sql`(${contentEntries.kind}, ${contentEntries.position}, ${contentEntries.id}) > (${after.kind}, ${after.position}, ${after.id})`
            : undefined,
        )
        .orderBy(asc(contentEntries.kind), asc(contentEntries.position), asc(contentEntries.id))
        .limit(EXPORT_PAGE);
      for (const row of page) byKind[row.kind as PackKind]?.push(row.data);
      if (page.length < EXPORT_PAGE) break;
      after = page.at(-1)!;
    }
    const [still] = await db.select({ checksum: contentPacks.checksum }).from(contentPacks).where(eq(contentPacks.slot, SLOT));
    if (still?.checksum === current.checksum)
      return {
        pack: { manifest: current.manifest as PackManifest, mapSvg: current.mapSvg, ...byKind } as ContentPack,
        checksum: current.checksum,
      };
  }
}

export async function currentPackInfo(db: Database): Promise<{ checksum: string; version: string } | null> {
  const [current] = await db
    .select({ checksum: contentPacks.checksum, manifest: contentPacks.manifest })
    .from(contentPacks)
    .where(eq(contentPacks.slot, SLOT));
  return current ? { checksum: current.checksum, version: (current.manifest as PackManifest).version } : null;
}

/**
 * First start: an empty database gets the demo pack as version 1, so every page has content on a
 * fresh machine. A database whose pack was loaded before versions were kept gets its pack in use as
 * version 1.
 */
export async function ensureContent(db: Database, logger: Logger, dir = DEMO_PACK_DIR): Promise<void> {
  const [current] = await db.select({ version: contentPacks.version }).from(contentPacks).where(eq(contentPacks.slot, SLOT));
  if (current) {
    if (current.version === null) {
      const pack = await exportPack(db);
      if (pack) await recordFirstVersion(db, pack);
    }
    return;
  }
  const [taken] = await db.select({ id: contentVersions.id }).from(contentVersions).limit(1);
  if (taken) return waitForPack(db, taken.id);
  const pack = await loadPack(dir);
  const loaded = await installPack(db, pack, { source: "initial", by: null, firstOnly: true });
  // Several processes starting together on a new database: one installs version 1, the others wait for it.
  if (!loaded) return waitForPack(db, null);
  logger.info("content pack loaded", { pack: pack.manifest.id, version: pack.manifest.version, checksum: loaded.checksum });
}

/**
 * Another process is installing the first pack: wait until it is in use (its flip commits whole). A
 * first start that stopped between writing version 1 and its flip leaves the version without a pack
 * in use: after the wait, this process installs that version's pack itself.
 */
async function waitForPack(db: Database, firstVersion: number | null): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 200) {
    if (await currentPackInfo(db)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  const version = firstVersion === null ? null : await readVersion(db, firstVersion);
  if (!version) throw new Error("the first content pack was not installed within 30 seconds");
  await installPack(db, version.pack, { source: "restore", by: null, restoredFrom: version.number });
}
