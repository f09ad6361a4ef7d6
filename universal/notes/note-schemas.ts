/**
 * The notes API's request shapes, validated with Zod on the server; the limits and the answer
 * type are in note-limits.ts, which the browser imports instead.
 */
import { z } from "zod";
import { boundedText, clientIdSchema, searchText } from "../schemas.ts";
import { NOTE_BODY_MAX, NOTE_TAG_MAX, NOTE_TAGS_MAX, NOTE_TITLE_MAX } from "./note-limits.ts";

export * from "./note-limits.ts";

const title = boundedText(NOTE_TITLE_MAX, "title");

/** A body may be empty (a note that is only a title); line ends are kept as `\n`. */
const body = z
  .string()
  .max(NOTE_BODY_MAX, `body: at most ${NOTE_BODY_MAX} characters`)
  .transform((value) => value.replace(/\r\n?/g, "\n"));

const tag = z
  .string()
  .transform((value) => value.trim().replace(/^#/, "").normalize("NFC"))
  .pipe(
    z
      .string()
      .min(1, "tags: a tag needs some text")
      .max(NOTE_TAG_MAX, `tags: at most ${NOTE_TAG_MAX} characters each`)
      .regex(/^[^\p{Cc},]+$/u, "tags: no commas or control characters"),
  );

/** Tags are kept once each, in the order given. */
const tags = z
  .array(tag)
  .max(NOTE_TAGS_MAX, `tags: at most ${NOTE_TAGS_MAX}`)
  .transform((values) => [...new Set(values)]);

export const createNoteBody = z
  .object({
    title,
    body,
    tags: tags.optional(),
    pinned: z.boolean().optional(),
    /** The same id again answers the note it made, never a second one. */
    clientId: clientIdSchema.optional(),
  })
  .strict();

export const updateNoteBody = z
  .object({
    title: title.optional(),
    body: body.optional(),
    tags: tags.optional(),
    pinned: z.boolean().optional(),
    /** The version the writer's copy is based on. */
    version: z.number().int().min(1).max(2_147_483_647),
  })
  .strict();

export const notesQuery = z
  .object({
    /** Accent- and case-insensitive, in the title and the body. */
    q: searchText.optional(),
    tag: tag.optional(),
  })
  .strict();

export type CreateNoteInput = z.infer<typeof createNoteBody>;
export type UpdateNoteInput = z.infer<typeof updateNoteBody>;
export type NotesQuery = z.infer<typeof notesQuery>;
