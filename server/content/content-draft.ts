/**
 * The admins' content editor (issue 44): entries of every kind of the pack created, edited and
 * deleted into one shared draft, with the same validation as an import (each entry by its kind's Zod
 * schema, then the references between entries over the whole pack as the draft would make it);
 * publishing the draft makes a new version (`installPack`). Every change is audited.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contentDrafts } from "../../db/schema/index.ts";
import { CONTENT_DRAFT_MAX, CONTENT_LIST_PAGE, type DraftChange, type DraftOp } from "../../universal/content/content-editor-limits.ts";
import {
  MANIFEST_FILE,
  PACK_KINDS,
  PACK_KIND_NAMES,
  packManifest,
  type ContentPack,
  type PackKind,
} from "../../universal/content/pack-schema.ts";
import type { Viewer } from "../auth/viewer.ts";
import { collectionOfKind, kindOfCollection } from "../content-api/collections.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import { readPackInUse } from "./content-store.ts";
import { installPack, type Installed } from "./content-versions.ts";
import { loadGameIconNames } from "./load-pack.ts";
import { readMapSvg, type MapInfo } from "./map-svg.ts";
import { formatPath, formatProblem, type PackProblem } from "./pack-error.ts";
import { checkReferences } from "./pack-references.ts";
import { yieldToRequests } from "./pack-checksum.ts";

type Entry = { id: string; name?: { vi?: string; en?: string } };

/** The kind a collection name (`rune-sets`) names, or 404. */
export function kindOf(collection: string): PackKind {
  const kind = kindOfCollection(collection);
  if (!kind) throw new AppError("not-found", `No such kind: ${collection}.`);
  return kind;
}

/** 400 naming the first problem's file, entry and field (`details: {file, entry, field}`), with the others listed. */
export function refusePack(problems: PackProblem[]): never {
  const [first] = problems;
  if (!first) throw new AppError("invalid-argument", "The pack was refused.");
  throw new AppError("invalid-argument", formatProblem(first), {
    file: first.file,
    entry: first.id ?? (first.index === undefined ? "" : String(first.index)),
    field: first.path ?? "",
    problems: problems.slice(0, 50).map(formatProblem),
  });
}

/** An entry checked by its kind's schema: 400 naming the field (`details.field`, `stats.attack`). */
export function validateEntry(kind: PackKind, body: unknown): Entry {
  const result = PACK_KINDS[kind].entry.safeParse(body);
  if (result.success) return result.data as Entry;
  const issue = result.error.issues[0];
  const field = issue ? formatPath(issue.path) : "";
  throw new AppError("invalid-argument", `${field || "entry"}: ${issue?.message ?? "invalid"}`, {
    field,
    problems: result.error.issues.slice(0, 50).map((each) => `${formatPath(each.path) || "entry"}: ${each.message}`),
  });
}

let mapInfo: { svg: string; info: MapInfo } | undefined;
function mapOf(svg: string): MapInfo {
  if (mapInfo?.svg !== svg) mapInfo = { svg, info: readMapSvg(svg) };
  return mapInfo.info;
}

/** The references between entries of a whole pack (unique ids, links, recipes, icons, the map…). */
export function referenceProblems(pack: ContentPack): PackProblem[] {
  return checkReferences(pack, loadGameIconNames(), mapOf(pack.mapSvg));
}

interface DraftRow {
  kind: string;
  id: string;
  op: DraftOp;
  entry: unknown;
  updatedAt: number;
}

async function draftRows(db: Pick<Database, "select">): Promise<DraftRow[]> {
  const rows = await db.select().from(contentDrafts).orderBy(asc(contentDrafts.updatedAt));
  return rows.map((row) => ({ kind: row.kind, id: row.id, op: row.op as DraftOp, entry: row.entry, updatedAt: row.updatedAt }));
}

/** The pack as publishing the draft would make it: updates in place, creations at the end, deletions gone. */
export function applyDraft(pack: ContentPack, drafts: readonly DraftRow[]): ContentPack {
  const next = { ...pack } as ContentPack;
  for (const kind of PACK_KIND_NAMES) {
    const changes = drafts.filter((draft) => draft.kind === kind);
    if (changes.length === 0) continue;
    const byId = new Map(changes.map((draft) => [draft.id, draft]));
    const kept = (pack[kind] as Entry[]).flatMap((entry) => {
      const change = byId.get(entry.id);
      if (!change) return [entry];
      byId.delete(entry.id);
      return change.op === "delete" ? [] : [change.entry as Entry];
    });
    const created = [...byId.values()].filter((draft) => draft.op !== "delete").map((draft) => draft.entry as Entry);
    (next as Record<PackKind, unknown[]>)[kind] = [...kept, ...created];
  }
  return next;
}

async function currentPack(db: Database): Promise<{ pack: ContentPack; checksum: string }> {
  const inUse = await readPackInUse(db);
  if (!inUse) throw new AppError("failed-precondition", "No content pack is in use yet.");
  return inUse;
}

/** The pack in use (and its checksum) and the draft, and the pack the draft would make. */
async function working(db: Database): Promise<{ pack: ContentPack; checksum: string; drafts: DraftRow[]; next: ContentPack }> {
  const [{ pack, checksum }, drafts] = await Promise.all([currentPack(db), draftRows(db)]);
  return { pack, checksum, drafts, next: applyDraft(pack, drafts) };
}

/**
 * A whole pack checked as an import checks it, a slice of entries at a time (pages are served
 * between): the manifest and every entry by their schemas (a version kept from before a schema
 * change, or a draft saved then, may no longer pass), then the references between entries.
 */
export async function assertValidPack(pack: ContentPack): Promise<void> {
  const problems: PackProblem[] = [];
  const manifest = packManifest.safeParse(pack.manifest);
  if (!manifest.success)
    for (const issue of manifest.error.issues)
      problems.push({ file: MANIFEST_FILE, path: formatPath(issue.path) || undefined, message: issue.message });
  for (const kind of PACK_KIND_NAMES) {
    const entries = pack[kind] as Entry[];
    for (const [index, entry] of entries.entries()) {
      if (index % 500 === 499) await yieldToRequests();
      const result = PACK_KINDS[kind].entry.safeParse(entry);
      if (!result.success)
        for (const issue of result.error.issues)
          problems.push({
            file: PACK_KINDS[kind].file,
            index,
            id: entry.id,
            path: formatPath(issue.path) || undefined,
            message: issue.message,
          });
    }
  }
  if (problems.length === 0) problems.push(...referenceProblems(pack));
  if (problems.length > 0) refusePack(problems);
}

const fold = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d");

/** A page of a kind's entries as the draft makes them, those whose id or name (either language, accents aside) holds `q`. */
export async function listEntries(
  db: Database,
  kind: PackKind,
  options: { q?: string | undefined; cursor?: number | undefined },
): Promise<{ data: unknown[]; draft: Record<string, DraftOp>; total: number; nextCursor: string | null }> {
  const { drafts, next } = await working(db);
  const query = fold(options.q?.trim() ?? "");
  const entries = (next[kind] as Entry[]).filter(
    (entry) => !query || fold(`${entry.id} ${entry.name?.vi ?? ""} ${entry.name?.en ?? ""}`).includes(query),
  );
  const start = options.cursor ?? 0;
  const page = entries.slice(start, start + CONTENT_LIST_PAGE);
  const draft: Record<string, DraftOp> = {};
  for (const row of drafts) if (row.kind === kind) draft[row.id] = row.op;
  return {
    data: page,
    draft,
    total: entries.length,
    nextCursor: start + CONTENT_LIST_PAGE < entries.length ? String(start + CONTENT_LIST_PAGE) : null,
  };
}

/** One entry as the draft makes it (404 when there is none, or the draft deletes it). */
export async function readEntry(db: Database, kind: PackKind, id: string): Promise<{ data: unknown; draft: DraftOp | null }> {
  const { drafts, next } = await working(db);
  const entry = (next[kind] as Entry[]).find((each) => each.id === id);
  if (!entry) throw new AppError("not-found", `No ${collectionOfKind(kind)} entry ${id}.`);
  return { data: entry, draft: drafts.find((row) => row.kind === kind && row.id === id)?.op ?? null };
}

/** The problems a change brings that the pack did not have: what the change is refused for. */
function newProblems(before: ContentPack, after: ContentPack): PackProblem[] {
  const had = new Set(referenceProblems(before).map(formatProblemWithoutIndex));
  return referenceProblems(after).filter((problem) => !had.has(formatProblemWithoutIndex(problem)));
}
const formatProblemWithoutIndex = (problem: PackProblem) => formatProblem({ ...problem, index: undefined });

/** A draft holds at most `CONTENT_DRAFT_MAX` changes: a new one past it is refused (a change of one it holds is not). */
async function assertDraftRoom(db: Database, kind: PackKind, id: string): Promise<void> {
  const [held] = await db.select({ n: count() }).from(contentDrafts);
  if ((held?.n ?? 0) < CONTENT_DRAFT_MAX) return;
  const [existing] = await db
    .select({ id: contentDrafts.id })
    .from(contentDrafts)
    .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.id, id)));
  if (!existing)
    throw new AppError("quota-exceeded", `A draft holds at most ${CONTENT_DRAFT_MAX} changes: publish or discard it first.`, {
      limit: CONTENT_DRAFT_MAX,
    });
}

/**
 * Creates (`id` null) or replaces a whole entry in the draft. The entry passes its kind's schema
 * and the pack the draft would then make has no reference problem the change brought. Audited.
 */
export async function saveEntry(db: Database, admin: Viewer, kind: PackKind, id: string | null, body: unknown, now = Date.now()) {
  const entry = validateEntry(kind, body);
  if (id !== null && entry.id !== id)
    throw new AppError("invalid-argument", `id: an entry keeps its id (${id}); create a new entry for another.`, { field: "id" });
  const { pack, drafts, next } = await working(db);
  const inUse = (pack[kind] as Entry[]).some((each) => each.id === entry.id);
  const drafted = drafts.find((row) => row.kind === kind && row.id === entry.id);
  const exists = (next[kind] as Entry[]).some((each) => each.id === entry.id);
  if (id === null && exists) throw new AppError("conflict", `id: ${entry.id} is taken.`, { field: "id" });
  if (id !== null && !exists) throw new AppError("not-found", `No ${collectionOfKind(kind)} entry ${id}.`);
  const op: DraftOp = inUse ? "update" : "create";
  const change: DraftRow = { kind, id: entry.id, op, entry, updatedAt: now };
  const after = applyDraft(pack, [...drafts.filter((row) => row !== drafted), change]);
  const problems = newProblems(next, after);
  if (problems.length > 0) refusePack(problems);
  await assertDraftRoom(db, kind, entry.id);
  const before = (drafted?.entry ?? (pack[kind] as Entry[]).find((each) => each.id === entry.id) ?? null) as Record<string, unknown> | null;
  await db.transaction(async (tx) => {
    await tx
      .insert(contentDrafts)
      .values({ kind, id: entry.id, op, entry, updatedBy: admin.uid, updatedAt: now })
      .onConflictDoUpdate({ target: [contentDrafts.kind, contentDrafts.id], set: { op, entry, updatedBy: admin.uid, updatedAt: now } });
    await recordAudit(tx, {
      actorUid: admin.uid,
      action: "content.draft",
      targetKind: "content",
      targetId: `${collectionOfKind(kind)}/${entry.id}`,
      before,
      after: entry as Record<string, unknown>,
      note: op,
    });
  });
  return entry;
}

/** Deletes an entry in the draft (a creation not yet published is simply dropped). Refused when other entries still refer to it. */
export async function deleteEntry(db: Database, admin: Viewer, kind: PackKind, id: string, now = Date.now()): Promise<void> {
  const { pack, drafts, next } = await working(db);
  const entry = (next[kind] as Entry[]).find((each) => each.id === id);
  if (!entry) throw new AppError("not-found", `No ${collectionOfKind(kind)} entry ${id}.`);
  const inUse = (pack[kind] as Entry[]).some((each) => each.id === id);
  const others = drafts.filter((row) => !(row.kind === kind && row.id === id));
  const after = applyDraft(pack, inUse ? [...others, { kind, id, op: "delete", entry: null, updatedAt: now }] : others);
  const problems = newProblems(next, after);
  if (problems.length > 0) refusePack(problems);
  await assertDraftRoom(db, kind, id);
  await db.transaction(async (tx) => {
    if (inUse)
      await tx
        .insert(contentDrafts)
        .values({ kind, id, op: "delete", entry: null, updatedBy: admin.uid, updatedAt: now })
        .onConflictDoUpdate({
          target: [contentDrafts.kind, contentDrafts.id],
          set: { op: "delete", entry: null, updatedBy: admin.uid, updatedAt: now },
        });
    else await tx.delete(contentDrafts).where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.id, id)));
    await recordAudit(tx, {
      actorUid: admin.uid,
      action: "content.draft",
      targetKind: "content",
      targetId: `${collectionOfKind(kind)}/${id}`,
      before: entry as Record<string, unknown>,
      after: null,
      note: "delete",
    });
  });
}

/** The draft's changes, oldest first, kinds by their collection names. */
export async function listDraft(db: Database): Promise<DraftChange[]> {
  return (await draftRows(db)).map((row) => ({ ...row, kind: collectionOfKind(row.kind) }));
}

/** Empties the draft (audited with what it held). */
export async function discardDraft(db: Database, admin: Viewer): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(contentDrafts).returning({ kind: contentDrafts.kind, id: contentDrafts.id, op: contentDrafts.op });
    await recordAudit(tx, {
      actorUid: admin.uid,
      action: "content.discard",
      targetKind: "content",
      targetId: "draft",
      before: { changes: removed.map((row) => ({ kind: collectionOfKind(row.kind), id: row.id, op: row.op })) },
      after: null,
    });
    return removed.length;
  });
}

/**
 * Publishes the draft as a new version: the whole pack it makes passes the import's checks again
 * (another admin's change may have come between), then it is installed, the draft emptied and the
 * audit entry written in the flip's one transaction.
 */
export async function publishDraft(db: Database, admin: Viewer, now = Date.now()): Promise<Installed> {
  const { checksum, drafts, next } = await working(db);
  if (drafts.length === 0) throw new AppError("failed-precondition", "The draft is empty: nothing to publish.");
  await assertValidPack(next);
  return installPack(db, next, {
    source: "publish",
    by: admin.uid,
    now,
    basis: checksum,
    only: drafts.map((row) => ({ kind: row.kind, id: row.id })),
    inFlip: async (tx, number) => {
      // The changes published leave the draft; one another admin saved meanwhile stays for the next publish.
      await tx.delete(contentDrafts).where(
        sql`(${contentDrafts.kind}, ${contentDrafts.id}, ${contentDrafts.updatedAt}) in (${sql.join(
          drafts.map((row) => sql`(${row.kind}, ${row.id}, ${row.updatedAt})`),
          sql`, `,
        )})`,
      );
      await recordAudit(tx, {
        actorUid: admin.uid,
        action: "content.publish",
        targetKind: "content",
        targetId: String(number),
        before: null,
        after: { changes: drafts.map((row) => ({ kind: collectionOfKind(row.kind), id: row.id, op: row.op })) },
      });
    },
  });
}
