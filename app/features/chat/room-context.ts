/**
 * What the parts of the live conversation share (`chat-room.ts`): the page's elements by id, the room,
 * who reads it, the texts, and the one error line every part writes to.
 */
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { CHAT_IDS, type ChatRoomProps } from "./chat-room-props.ts";
import { chatT, type ChatT } from "./chat-text.ts";

export interface RoomContext {
  doc: Document;
  byId: <T extends HTMLElement>(id: string) => T | null;
  section: HTMLElement;
  list: HTMLOListElement;
  props: ChatRoomProps;
  room: ChatRoomProps["room"];
  viewerUid: string;
  moderator: boolean;
  t: ChatT;
  language: ChatRoomProps["i18n"]["language"];
  /** The room's realtime topic. */
  topic: string;
  /** The room's API path. */
  roomPath: string;
  setError(text: string | null): void;
  /** A refused request, said for the person. */
  refusal(answer: ApiRefusal): string;
}

/** The context, or null when the page lacks one of the conversation's parts. */
export function roomContext(element: HTMLElement, props: ChatRoomProps): RoomContext | null {
  const doc = element.ownerDocument;
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T | null;
  const section = byId(CHAT_IDS.section);
  const list = byId<HTMLOListElement>(CHAT_IDS.list);
  const errorLine = byId(CHAT_IDS.error);
  if (!section || !list || !errorLine) return null;
  const t = chatT(props.i18n);
  const language = props.i18n.language;
  const { room, viewerUid, moderator } = props;
  return {
    doc,
    byId,
    section,
    list,
    props,
    room,
    viewerUid,
    moderator,
    t,
    language,
    topic: `room:${room.id}`,
    roomPath: `/api/chat/rooms/${encodeURIComponent(room.id)}`,
    setError(text) {
      errorLine.textContent = text ?? "";
      errorLine.hidden = !text;
    },
    refusal(answer) {
      const reason = String(answer.details.reason ?? "");
      const seconds = Number(answer.details.retryAfter ?? 0);
      if (answer.status === 0) return t("errors.network");
      if (reason === "rate-limit" || reason === "slow-mode") return t(`errors.${reason}`, { seconds });
      if (reason === "muted")
        return t("errors.muted", {
          until: formatDate(Number(answer.details.until), language, { date: "short", time: "short", local: true }),
        });
      if (reason === "blocked" || reason === "too-late") return t(`errors.${reason}`);
      if (answer.code === "invalid-argument") return t("errors.invalid");
      return t("errors.generic");
    },
  };
}
