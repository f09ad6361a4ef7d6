/**
 * A member's markdown notes. Each save names the version it edits and is written only if that is
 * still the note's version (one statement: two tabs saving at once cannot both win); a stale save
 * writes nothing and answers 409 `aborted` with the current note, so the page shows both texts.
 * Only the owner reads or changes a note: anyone else is told it does not exist.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client.ts";
import { likePattern } from "../../db/folding.ts";
import { notes } from "../../db/schema/index.ts";
import { NOTE_LIST_MAX, type Note } from "../../universal/notes/note-limits.ts";
import type { CreateNoteInput, NotesQuery, UpdateNoteInput } from "../../universal/notes/note-schemas.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError, type DetailValue } from "../errors.ts";
import { DEFAULT_QUOTAS, holdQuota } from "../quotas.ts";
import { renderNote } from "./note-html.ts";

type NoteRow = typeof notes.$inferSelect;

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    html: renderNote(row.body),
    tags: row.tags,
    pinned: row.pinnedAt !== null,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A stale save: 409 `aborted`, nothing written, with the note as it is now (`error.details.note`). */
export class NoteConflict extends AppError {
  readonly note: Note;
  constructor(note: Note) {
    super("aborted", "This note was saved elsewhere since this copy was opened: nothing was written.", {
      version: note.version,
      note: note as unknown as DetailValue,
    });
    this.note = note;
  }
}

const notFound = () => new AppError("not-found", "No such note.");

async function findOwnNote(db: Database, viewer: Viewer, id: number): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.uid, viewer.uid)));
  if (!row) throw notFound();
  return row;
}

export async function getNote(db: Database, viewer: Viewer, id: number): Promise<Note> {
  return toNote(await findOwnNote(db, viewer, id));
}

/** The viewer's notes, pinned first (latest pin first), then the newest change; filtered by folded text and by tag. */
export async function listNotes(db: Database, viewer: Viewer, query: NotesQuery = {}): Promise<Note[]> {
  const filters: SQL[] = [eq(notes.uid, viewer.uid)];
  if (query.q) filters.push(sql`f_unaccent(lower(${notes.title} || ' ' || ${notes.body})) like '%' || ${likePattern(query.q)} || '%'`);
  if (query.tag) filters.push(sql`${notes.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  const rows = await db
    .select()
    .from(notes)
    .where(and(...filters))
    .orderBy(sql`${notes.pinnedAt} desc nulls last`, desc(notes.updatedAt), desc(notes.id))
    .limit(NOTE_LIST_MAX);
  return rows.map(toNote);
}

/** A new note, up to the account's quota; the same `clientId` again answers the note it made. */
export async function createNote(
  db: Database,
  viewer: Viewer,
  input: CreateNoteInput,
  now = Date.now(),
  limit = DEFAULT_QUOTAS.notes,
): Promise<Note> {
  const clientId = input.clientId ?? randomUUID();
  const inserted = await db.transaction(async (tx) => {
    const [again] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.uid, viewer.uid), eq(notes.clientId, clientId)));
    if (again) return again;
    await holdQuota(tx, viewer.uid, "notes", limit, async () => {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(notes)
        .where(eq(notes.uid, viewer.uid));
      return row?.count ?? 0;
    });
    const [row] = await tx
      .insert(notes)
      .values({
        uid: viewer.uid,
        clientId,
        title: input.title,
        body: input.body,
        tags: input.tags ?? [],
        pinnedAt: input.pinned ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  });
  if (inserted) return toNote(inserted);
  const [existing] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.uid, viewer.uid), eq(notes.clientId, clientId)));
  if (!existing) throw new AppError("conflict", "The note could not be created. Try again.");
  return toNote(existing);
}

/** Saves the changes if `version` is still the note's version; otherwise `NoteConflict` and nothing written. */
export async function updateNote(db: Database, viewer: Viewer, id: number, input: UpdateNoteInput, now = Date.now()): Promise<Note> {
  const current = await findOwnNote(db, viewer, id);
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
    ...(input.pinned !== undefined ? { pinnedAt: input.pinned ? (current.pinnedAt ?? now) : null } : {}),
  };
  const [saved] = await db
    .update(notes)
    .set({ ...changes, version: sql`${notes.version} + 1`, updatedAt: now })
    .where(and(eq(notes.id, id), eq(notes.uid, viewer.uid), eq(notes.version, input.version)))
    .returning();
  if (saved) return toNote(saved);
  throw new NoteConflict(toNote(await findOwnNote(db, viewer, id)));
}

export async function deleteNote(db: Database, viewer: Viewer, id: number): Promise<void> {
  const [deleted] = await db
    .delete(notes)
    .where(and(eq(notes.id, id), eq(notes.uid, viewer.uid)))
    .returning({ id: notes.id });
  if (!deleted) throw notFound();
}

/** Every tag of the viewer's notes, in alphabetical order, for the list's filter. */
export async function listNoteTags(db: Database, viewer: Viewer): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`select distinct jsonb_array_elements_text(${notes.tags}) as tag from ${notes} where ${notes.uid} = ${viewer.uid} order by tag limit 100`,
  );
  return rows.map((row) => row.tag);
}
