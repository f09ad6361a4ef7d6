/** A refused notes request in the reader's words: by the answer's code and the field it names, never the server's English. */
import { NOTE_BODY_MAX, NOTE_TAG_MAX, NOTE_TAGS_MAX, NOTE_TITLE_MAX } from "../../../universal/notes/note-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText, type RefusalWords } from "../../shared/api/refusal-text.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const words: RefusalWords = {
  fields: { title: "errors.title", body: "errors.body", tags: "errors.tags" },
  invalid: "errors.invalid",
  values: (key) => ({ max: key === "errors.body" ? NOTE_BODY_MAX : NOTE_TITLE_MAX, count: NOTE_TAGS_MAX, length: NOTE_TAG_MAX }),
};

export function noteError(t: TFunction, refusal: ApiRefusal, language?: string): string {
  return refusalText(t, refusal, words, language);
}
