/**
 * Versions of the content pack (issue 44): every pack an admin publishes, restores or imports is kept
 * whole as a numbered version (the pack loaded at first start is number 1), and made the pack in use
 * by `installPack`.
 *
 * Installing never stops page serving: the version's copy is written first, on its own (inert until
 * the pack names it); then one short transaction flips the pack in use, writing only the entries that
 * differ from the ones in use (a publish of one edit writes one row) and the pointer, so readers see
 * the old pack or the new one, never half of each. The flip is announced on the hub
 * (`control:content`): every process's render cache and page versions move at once.
 */
import { and, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, contentPacks, contentVersions, users } from "../../db/schema/index.ts";
import { PACK_KIND_NAMES, type ContentPack, type PackKind } from "../../universal/content/pack-schema.ts";
import { CONTENT_VERSIONS_KEPT, type ContentVersion, type ContentVersionSource } from "../../universal/content/content-editor-limits.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { refreshNameWords } from "./name-match.ts";
import { packChecksum } from "./pack-checksum.ts";

export const CONTENT_TOPIC = "control:content";

/** A new pack is in use: each process reads its checksum again (the render cache's key). */
export interface ContentPublished {
  type: "content-published";
  topic: typeof CONTENT_TOPIC;
}

const SLOT = "current";
const WRITE_BATCH = 200;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface EntryRow {
  kind: PackKind;
  id: string;
  position: number;
  data: unknown;
  nameVi: string;
  nameEn: string;
}

/** JSON with object keys sorted: the database's `jsonb` keeps its own key order, so entries compare by this. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** An entry's names for search (every kind has a localized `name`). */
function namesOf(entry: unknown): { nameVi: string; nameEn: string } {
  const name = (entry as { name?: { vi?: string; en?: string } }).name;
  return { nameVi: name?.vi ?? "", nameEn: name?.en ?? "" };
}

function rowsOf(pack: ContentPack): EntryRow[] {
  return PACK_KIND_NAMES.flatMap((kind) =>
    (pack[kind] as { id: string }[]).map((entry, position) => ({ kind, id: entry.id, position, data: entry, ...namesOf(entry) })),
  );
}

export interface InstallOptions {
  source: ContentVersionSource;
  /** Who made it (null: the command line, the first start). */
  by: string | null;
  restoredFrom?: number;
  now?: number;
  /** Version 1 only (the first start): when another process took it, nothing is installed (null). */
  firstOnly?: boolean;
  /** What else the flip's transaction writes (the draft emptied, the audit entry). */
  inFlip?: (tx: Transaction, version: number) => Promise<void>;
}

export interface Installed {
  number: number;
  checksum: string;
  /** Entries written or removed by the flip. */
  changed: number;
}

/** The next version's number, taken with its row (a second process taking the same number tries the next). */
async function insertVersion(
  db: Database,
  pack: ContentPack,
  checksum: string,
  options: InstallOptions,
  now: number,
): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    const [last] = await db.select({ number: contentVersions.number }).from(contentVersions).orderBy(desc(contentVersions.number)).limit(1);
    const number = options.firstOnly ? 1 : (last?.number ?? 0) + 1;
    const [row] = await db
      .insert(contentVersions)
      .values({
        number,
        checksum,
        pack,
        source: options.source,
        restoredFrom: options.restoredFrom ?? null,
        createdBy: options.by,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ number: contentVersions.number });
    if (row) return row.number;
    if (options.firstOnly) return null;
    if (attempt >= 5) throw new Error("could not take a content version number");
  }
}

/**
 * Makes `pack` (validated by the caller) the pack in use as a new version, and returns it. The pack's
 * own schema is checked again by its checksum (`serializePack`).
 */
export async function installPack(
  db: Database,
  pack: ContentPack,
  options: InstallOptions & { firstOnly: true },
): Promise<Installed | null>;
export async function installPack(db: Database, pack: ContentPack, options: InstallOptions): Promise<Installed>;
export async function installPack(db: Database, pack: ContentPack, options: InstallOptions): Promise<Installed | null> {
  const now = options.now ?? Date.now();
  const checksum = packChecksum(pack);
  const rows = rowsOf(pack);
  const number = await insertVersion(db, pack, checksum, options, now);
  if (number === null) return null;
  const changed = await db.transaction(async (tx) => {
    // One flip at a time, whatever the processes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-flip'))`);
    const held = await tx
      .select({ kind: contentEntries.kind, id: contentEntries.id, position: contentEntries.position, data: contentEntries.data })
      .from(contentEntries);
    const heldBy = new Map(held.map((row) => [`${row.kind}\u0000${row.id}`, row]));
    const wanted = new Set<string>();
    const writes: EntryRow[] = [];
    for (const row of rows) {
      const key = `${row.kind}\u0000${row.id}`;
      wanted.add(key);
      const before = heldBy.get(key);
      if (!before || before.position !== row.position || stableJson(before.data) !== stableJson(row.data)) writes.push(row);
    }
    const removed = held.filter((row) => !wanted.has(`${row.kind}\u0000${row.id}`));
    for (const kind of new Set(removed.map((row) => row.kind))) {
      const ids = removed.filter((row) => row.kind === kind).map((row) => row.id);
      for (let start = 0; start < ids.length; start += WRITE_BATCH)
        await tx
          .delete(contentEntries)
          .where(and(eq(contentEntries.kind, kind), inArray(contentEntries.id, ids.slice(start, start + WRITE_BATCH))));
    }
    for (let start = 0; start < writes.length; start += WRITE_BATCH)
      await tx
        .insert(contentEntries)
        .values(writes.slice(start, start + WRITE_BATCH))
        .onConflictDoUpdate({
          target: [contentEntries.kind, contentEntries.id],
          set: {
            position: sql`excluded.position`,
            data: sql`excluded.data`,
            nameVi: sql`excluded.name_vi`,
            nameEn: sql`excluded.name_en`,
          },
        });
    if (writes.length + removed.length > 0) await refreshNameWords(tx);
    const current = { manifest: pack.manifest, mapSvg: pack.mapSvg, checksum, importedAt: now, version: number };
    await tx
      .insert(contentPacks)
      .values({ slot: SLOT, ...current })
      .onConflictDoUpdate({ target: contentPacks.slot, set: current });
    await options.inFlip?.(tx, number);
    return writes.length + removed.length;
  });
  // The oldest versions go, never the one in use.
  await db
    .delete(contentVersions)
    .where(and(lte(contentVersions.number, number - CONTENT_VERSIONS_KEPT), ne(contentVersions.number, number)));
  // Merges the search index's pending entries and refreshes statistics, so the planner uses the
  // index at once (PGlite has no autovacuum to do it later).
  if (changed > 0) await db.execute(sql`vacuum analyze content_entries, content_words`);
  return { number, checksum, changed };
}

/**
 * A database whose pack was loaded before versions were kept: the pack in use becomes version 1
 * (once, whatever the processes).
 */
export async function recordFirstVersion(db: Database, pack: ContentPack, now = Date.now()): Promise<void> {
  await db
    .insert(contentVersions)
    .values({ number: 1, checksum: packChecksum(pack), pack, source: "initial", createdAt: now })
    .onConflictDoNothing();
  await db
    .update(contentPacks)
    .set({ version: 1 })
    .where(and(eq(contentPacks.slot, SLOT), sql`${contentPacks.version} is null`));
}

/** Every version kept, newest first. */
export async function listVersions(db: Database): Promise<ContentVersion[]> {
  const [current] = await db.select({ version: contentPacks.version }).from(contentPacks).where(eq(contentPacks.slot, SLOT));
  const rows = await db
    .select({
      id: contentVersions.id,
      number: contentVersions.number,
      checksum: contentVersions.checksum,
      createdAt: contentVersions.createdAt,
      source: contentVersions.source,
      restoredFrom: contentVersions.restoredFrom,
      uid: contentVersions.createdBy,
      displayName: users.displayName,
    })
    .from(contentVersions)
    .leftJoin(users, eq(users.uid, contentVersions.createdBy))
    .orderBy(desc(contentVersions.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    checksum: row.checksum,
    createdAt: row.createdAt,
    createdBy: row.uid ? { uid: row.uid, displayName: row.displayName ?? "" } : null,
    source: row.source as ContentVersionSource,
    restoredFrom: row.restoredFrom,
    current: row.number === current?.version,
  }));
}

/** A version kept, whole, or null. */
export async function readVersion(db: Database, id: number): Promise<{ number: number; pack: ContentPack } | null> {
  const [row] = await db
    .select({ number: contentVersions.number, pack: contentVersions.pack })
    .from(contentVersions)
    .where(eq(contentVersions.id, id));
  return row ? { number: row.number, pack: row.pack as ContentPack } : null;
}

/** Tells every process a new pack is in use. */
export function publishContentChanged(hub: Pick<RealtimeHub, "publish">): void {
  hub.publish({ type: "content-published", topic: CONTENT_TOPIC });
}
