import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, contentPacks } from "../../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { refreshNameWords } from "./name-match.ts";
import { loadPack, serializePack } from "./load-pack.ts";
import { PACK_KIND_NAMES, type ContentPack, type PackKind, type PackManifest } from "../../universal/content/pack-schema.ts";

const SLOT = "current";
const INSERT_BATCH = 200;
export const DEMO_PACK_DIR = resolve(process.cwd(), "content/demo");

/** A pack's checksum: the same files give the same checksum, so caches key on it. */
export function packChecksum(pack: ContentPack): string {
  const hash = createHash("sha256");
  for (const [name, text] of [...serializePack(pack)].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(name).update("\0").update(text).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** An entry's names for search (every kind has a localized `name`). */
function namesOf(entry: unknown): { nameVi: string; nameEn: string } {
  const name = (entry as { name?: { vi?: string; en?: string } }).name;
  return { nameVi: name?.vi ?? "", nameEn: name?.en ?? "" };
}

/**
 * Replaces the content in use with a validated pack, in one transaction: readers see the old pack
 * or the new one, never half of each.
 */
export async function importPack(db: Database, pack: ContentPack, now = Date.now()): Promise<{ checksum: string; entries: number }> {
  const checksum = packChecksum(pack);
  const rows = PACK_KIND_NAMES.flatMap((kind) =>
    (pack[kind] as { id: string }[]).map((entry, position) => ({ kind, id: entry.id, position, data: entry, ...namesOf(entry) })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(contentEntries);
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      await tx.insert(contentEntries).values(rows.slice(start, start + INSERT_BATCH));
    await refreshNameWords(tx);
    const current = { manifest: pack.manifest, mapSvg: pack.mapSvg, checksum, importedAt: now };
    await tx
      .insert(contentPacks)
      .values({ slot: SLOT, ...current })
      .onConflictDoUpdate({ target: contentPacks.slot, set: current });
  });
  // Merges the search index's pending entries and refreshes statistics, so the planner uses the
  // index at once (PGlite has no autovacuum to do it later).
  await db.execute(sql`vacuum analyze content_entries, content_words`);
  return { checksum, entries: rows.length };
}

/** The pack in use, rebuilt from the database; `serializePack` restores the files' key order. */
export async function exportPack(db: Database): Promise<ContentPack | null> {
  const [current] = await db.select().from(contentPacks).where(eq(contentPacks.slot, SLOT));
  if (!current) return null;
  const rows = await db.select().from(contentEntries).orderBy(asc(contentEntries.kind), asc(contentEntries.position));
  const byKind = Object.fromEntries(PACK_KIND_NAMES.map((kind) => [kind, [] as unknown[]])) as Record<PackKind, unknown[]>;
  for (const row of rows) byKind[row.kind as PackKind]?.push(row.data);
  return { manifest: current.manifest as PackManifest, mapSvg: current.mapSvg, ...byKind } as ContentPack;
}

export async function currentPackInfo(db: Database): Promise<{ checksum: string; version: string } | null> {
  const [current] = await db
    .select({ checksum: contentPacks.checksum, manifest: contentPacks.manifest })
    .from(contentPacks)
    .where(eq(contentPacks.slot, SLOT));
  return current ? { checksum: current.checksum, version: (current.manifest as PackManifest).version } : null;
}

/** First start: an empty database gets the demo pack, so every page has content on a fresh machine. */
export async function ensureContent(db: Database, logger: Logger, dir = DEMO_PACK_DIR): Promise<void> {
  if (await currentPackInfo(db)) return;
  const pack = await loadPack(dir);
  let loaded;
  try {
    loaded = await importPack(db, pack);
  } catch (error) {
    // Several processes starting together on a new database: one imports (its transaction commits
    // whole), the others fail on its rows and find the pack there.
    if (await currentPackInfo(db)) return;
    throw error;
  }
  logger.info("content pack loaded", { pack: pack.manifest.id, version: pack.manifest.version, ...loaded });
}
