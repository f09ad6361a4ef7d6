/** A member's notes (`/api/notes`): handlers only parse, check the permission and call. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { createNoteBody, notesQuery, updateNoteBody } from "../../universal/notes/note-schemas.ts";
import { AppError } from "../errors.ts";
import { parseJson, parseQuery, requirePermission, type AppContext, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { createNote, deleteNote, getNote, listNotes, updateNote } from "./notes.ts";

function idParam(c: AppContext): number {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not-found", "No such note.");
  return id;
}

export function notesRoutes(db: Database, _hub: RealtimeHub): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/notes", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      return c.json({ data: await listNotes(db, viewer, parseQuery(c, notesQuery)) });
    })
    .post("/notes", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      return c.json({ data: await createNote(db, viewer, await parseJson(c, createNoteBody), Date.now(), c.get("quotas").notes) }, 201);
    })
    .get("/notes/:id", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      return c.json({ data: await getNote(db, viewer, idParam(c)) });
    })
    .patch("/notes/:id", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      const id = idParam(c);
      return c.json({ data: await updateNote(db, viewer, id, await parseJson(c, updateNoteBody)) });
    })
    .delete("/notes/:id", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      await deleteNote(db, viewer, idParam(c));
      return c.json({ ok: true });
    });
}
