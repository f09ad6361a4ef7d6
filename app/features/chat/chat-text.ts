/**
 * The chat's texts in plain code (decision 042): a `t` over the chat namespace's messages a plain island
 * carries, looked up, pluralised and interpolated as the page's translator does, without it.
 */
import type { Messages } from "../../shared/i18n/messages.ts";
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import { interpolate } from "../../shared/i18n/interpolate.ts";
import { pluralCategory } from "../../shared/i18n/plural.ts";

export type ChatT = (key: string, values?: Record<string, unknown>) => string;

function lookup(messages: Messages, path: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function chatT({ language, messages }: RouteMessages): ChatT {
  return (key, values) => {
    const count = values?.count;
    const plural =
      typeof count === "number"
        ? (lookup(messages, `${key}_${pluralCategory(language, count)}`) ?? lookup(messages, `${key}_other`))
        : undefined;
    return interpolate(plural ?? lookup(messages, key) ?? key, values);
  };
}

/** The chat namespace's top-level keys the conversation's plain island uses (its props carry only these). */
export const CONVERSATION_MESSAGES = [
  "rooms",
  "empty",
  "loadEarlier",
  "loadingEarlier",
  "beginning",
  "newMessages",
  "edited",
  "you",
  "sending",
  "failed",
  "retry",
  "composer",
  "edit",
  "delete",
  "save",
  "cancel",
  "editLabel",
  "confirmDelete",
  "typing_one",
  "typing_other",
  "errors",
  "moreActions",
  "report",
  "block",
  "moderation",
  "presence",
  "reconnecting",
  "slowMode",
] as const;
