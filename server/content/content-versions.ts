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
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { and, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentEntries, contentPacks, contentVersions, users } from "../../db/schema/index.ts";
import { PACK_KIND_NAMES, type ContentPack, type PackKind } from "../../universal/content/pack-schema.ts";
import { CONTENT_VERSIONS_KEPT, type ContentVersion, type ContentVersionSource } from "../../universal/content/content-editor-limits.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { refreshNameWords } from "./name-match.ts";
import { packChecksum, stableJson, yieldToRequests } from "./pack-checksum.ts";
import { stageEntries, swapInStage, type Stage } from "./staged-flip.ts";
import { AppError } from "../errors.ts";

export const CONTENT_TOPIC = "control:content";

/** A new pack is in use: each process reads its checksum again (the render cache's key). */
export interface ContentPublished {
  type: "content-published";
  topic: typeof CONTENT_TOPIC;
}

const SLOT = "current";
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A version's copy: the pack as gzipped JSON, compressed off the main thread. */
async function packBytes(pack: ContentPack): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify(pack)));
}
const WRITE_BATCH = 200;
/** A flip that changed this many entries has the search index merged and statistics refreshed at once. */
const VACUUM_FROM = 100;
/** A flip that changes this many entries stages the whole pack beside the live one and swaps it in (`staged-flip.ts`). */
export const STAGE_FROM = 500;

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * The entries to write and to remove to make `rows` the pack in use. With `only` (the draft's
 * entries), just those are read and compared, and an entry kept keeps its place (a new one goes
 * last): the rest of the pack is untouched. Without, every entry is compared.
 */
async function diffEntries(
  db: Pick<Database, "select">,
  rows: EntryRow[],
  only: readonly { kind: string; id: string }[] | undefined,
): Promise<{ writes: EntryRow[]; removed: { kind: string; id: string }[] }> {
  const columns = { kind: contentEntries.kind, id: contentEntries.id, position: contentEntries.position, data: contentEntries.data };
  if (only) {
    const wantedRows = new Map(rows.map((row) => [keyOf(row.kind, row.id), row]));
    const held = only.length
      ? await db
          .select(columns)
          .from(contentEntries)
          .where(
            sql`(${contentEntries.kind}, ${contentEntries.id}) in (${sql.join(
              only.map((each) => sql`(${each.kind}, ${each.id})`),
              sql`, `,
            )})`,
          )
      : [];
    const heldBy = new Map(held.map((row) => [keyOf(row.kind, row.id), row]));
    const last = new Map(
      (
        await db
          .select({ kind: contentEntries.kind, position: sql<number>`max(${contentEntries.position})` })
          .from(contentEntries)
          .groupBy(contentEntries.kind)
      ).map((row) => [row.kind, Number(row.position)]),
    );
    const writes: EntryRow[] = [];
    const removed: { kind: string; id: string }[] = [];
    for (const { kind, id } of only) {
      const row = wantedRows.get(keyOf(kind, id));
      const before = heldBy.get(keyOf(kind, id));
      if (!row) {
        if (before) removed.push({ kind, id });
        continue;
      }
      const position = before?.position ?? (last.get(kind) ?? -1) + 1;
      if (!before) last.set(kind, position);
      writes.push({ ...row, position });
    }
    return { writes, removed };
  }
  const held = await db.select(columns).from(contentEntries);
  const heldBy = new Map(held.map((row) => [keyOf(row.kind, row.id), row]));
  const wanted = new Set<string>();
  const writes: EntryRow[] = [];
  for (const [index, row] of rows.entries()) {
    if (index % 1_000 === 999) await yieldToRequests();
    const key = keyOf(row.kind, row.id);
    wanted.add(key);
    const before = heldBy.get(key);
    // A deletion published from a draft leaves a gap in its kind's stored positions: the next whole
    // pack rewrites the entries after it, which puts them back in a row.
    if (!before || before.position !== row.position || stableJson(before.data) !== stableJson(row.data)) writes.push(row);
  }
  return { writes, removed: held.filter((row) => !wanted.has(keyOf(row.kind, row.id))) };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface EntryRow {
  kind: PackKind;
  id: string;
  position: number;
  data: unknown;
  nameVi: string;
  nameEn: string;
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
  /**
   * The checksum of the pack `pack` was made from (a draft's publish): if another pack came in use
   * since, nothing is installed (409 `conflict`), and the draft is published again on the new one.
   */
  basis?: string;
  /** The entries that changed, when the caller knows them (a draft's): the rest is not compared or written. */
  only?: readonly { kind: string; id: string }[];
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
        packGz: await packBytes(pack),
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
 * Makes `pack` (validated by the caller: `assertValidPack`, `parsePack`) the pack in use as a new
 * version, and returns it.
 */
export async function installPack(
  db: Database,
  pack: ContentPack,
  options: InstallOptions & { firstOnly: true },
): Promise<Installed | null>;
export async function installPack(db: Database, pack: ContentPack, options: InstallOptions): Promise<Installed>;
export async function installPack(db: Database, pack: ContentPack, options: InstallOptions): Promise<Installed | null> {
  const now = options.now ?? Date.now();
  const checksum = await packChecksum(pack);
  const rows = rowsOf(pack);
  const number = await insertVersion(db, pack, checksum, options, now);
  if (number === null) return null;
  const [basis] = await db.select({ checksum: contentPacks.checksum }).from(contentPacks).where(eq(contentPacks.slot, SLOT));
  // What differs is worked out before the flip, so that its transaction only writes; a whole new
  // pack is written beside the live one first, and swapped in.
  let diff = await diffEntries(db, rows, options.only);
  let stage = !options.only && diff.writes.length + diff.removed.length >= STAGE_FROM ? await stageEntries(db, rows) : null;
  const stale: { stage: Stage | null } = { stage: null };
  let changed: number;
  try {
    changed = await db.transaction(async (tx) => {
      // One flip at a time, whatever the processes; another flip since the diff: worked out again, in here.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-flip'))`);
      const [flipping] = await tx.select({ checksum: contentPacks.checksum }).from(contentPacks).where(eq(contentPacks.slot, SLOT));
      if (options.basis !== undefined && flipping?.checksum !== options.basis)
        throw new AppError("conflict", "Another version came in use while this one was being published: publish again.");
      if (flipping?.checksum !== basis?.checksum) {
        diff = await diffEntries(tx, rows, undefined);
        // Dropped once this transaction is over (it holds an embedded database's one connection).
        stale.stage = stage;
        stage = null;
      }
      const { writes, removed } = diff;
      if (stage) await swapInStage(tx, stage);
      else await writeEntries(tx, writes, removed);
      const current = { manifest: pack.manifest, mapSvg: pack.mapSvg, checksum, importedAt: now, version: number };
      await tx
        .insert(contentPacks)
        .values({ slot: SLOT, ...current })
        .onConflictDoUpdate({ target: contentPacks.slot, set: current });
      await options.inFlip?.(tx, number);
      return writes.length + removed.length;
    });
  } catch (error) {
    await stage?.discard().catch(() => {});
    await stale.stage?.discard().catch(() => {});
    // The version written for a flip that did not happen goes too.
    await db
      .delete(contentVersions)
      .where(eq(contentVersions.number, number))
      .catch(() => {});
    throw error;
  }
  await stale.stage?.discard().catch(() => {});
  // Upkeep once the new version is in use: a failure here is no failed publish (the next one does it again).
  try {
    // The oldest versions go, never the one in use.
    await db
      .delete(contentVersions)
      .where(and(lte(contentVersions.number, number - CONTENT_VERSIONS_KEPT), ne(contentVersions.number, number)));
    // Merges the search index's pending entries and refreshes statistics, so the planner uses the
    // index at once (PGlite has no autovacuum to do it later).
    if (changed >= VACUUM_FROM) await db.execute(sql`vacuum analyze content_entries, content_words`);
  } catch {
    // Left for the next flip.
  }
  return { number, checksum, changed };
}

/** Writes a diff's entries and removes its others, in the flip's transaction, with the search vocabulary rebuilt. */
async function writeEntries(tx: Transaction, writes: EntryRow[], removed: { kind: string; id: string }[]): Promise<void> {
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
}

/**
 * A database whose pack was loaded before versions were kept: the pack in use becomes version 1
 * (once, whatever the processes).
 */
export async function recordFirstVersion(db: Database, pack: ContentPack, now = Date.now()): Promise<void> {
  await db
    .insert(contentVersions)
    .values({ number: 1, checksum: await packChecksum(pack), packGz: await packBytes(pack), source: "initial", createdAt: now })
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
    .select({ number: contentVersions.number, packGz: contentVersions.packGz })
    .from(contentVersions)
    .where(eq(contentVersions.id, id));
  return row ? { number: row.number, pack: JSON.parse((await gunzipAsync(row.packGz)).toString("utf8")) as ContentPack } : null;
}

/** Tells every process a new pack is in use. */
export function publishContentChanged(hub: Pick<RealtimeHub, "publish">): void {
  hub.publish({ type: "content-published", topic: CONTENT_TOPIC });
}
