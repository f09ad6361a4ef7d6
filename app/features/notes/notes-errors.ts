/** A refused notes request in the reader's words: by the answer's code and the field it names, never the server's English. */
import { NOTE_BODY_MAX, NOTE_TAG_MAX, NOTE_TAGS_MAX, NOTE_TITLE_MAX } from "../../../universal/notes/note-limits.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const byCode: Record<string, string> = {
  "not-found": "errors.notFound",
  unauthenticated: "errors.signIn",
  "permission-denied": "errors.forbidden",
  unavailable: "errors.busy",
  network: "errors.network",
};

/** The field a 400 names first (`title: …`, `tags: …`, `title needs some text`). */
function invalidKey(message: string): string {
  const field = /^(title|body|tags)\b/.exec(message)?.[1];
  return field ? `errors.${field}` : "errors.invalid";
}

export function noteError(t: TFunction, refusal: ApiRefusal, language?: string): string {
  const limited = limitRefusalText(t, refusal, language);
  if (limited) return limited;
  const key = refusal.code === "invalid-argument" ? invalidKey(refusal.message) : (byCode[refusal.code] ?? "errors.generic");
  return t(key, { max: key === "errors.body" ? NOTE_BODY_MAX : NOTE_TITLE_MAX, count: NOTE_TAGS_MAX, length: NOTE_TAG_MAX });
}
