/** A member's notes (`/api/notes`): handlers only parse, check the permission and call. */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { createNoteBody, notesQuery, updateNoteBody } from "../../universal/notes/note-schemas.ts";
import { idParam, parseJson, parseQuery, requirePermission, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { createNote, deleteNote, getNote, listNotes, updateNote } from "./notes.ts";

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
      return c.json({ data: await getNote(db, viewer, idParam(c, "note")) });
    })
    .patch("/notes/:id", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      const id = idParam(c, "note");
      return c.json({ data: await updateNote(db, viewer, id, await parseJson(c, updateNoteBody)) });
    })
    .delete("/notes/:id", async (c) => {
      const viewer = requirePermission(c, "note:manage:own");
      await deleteNote(db, viewer, idParam(c, "note"));
      return c.json({ ok: true });
    });
}
