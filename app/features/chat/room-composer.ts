/**
 * The composer (`chat-room.ts`): Enter sends; the message shows at once as "sending", a failed one stays
 * with its client id so that a retry can never send it twice, and a refusal the person can act on puts
 * the text back. `@` mentions are `room-mentions.ts`.
 */
import { MESSAGE_TEXT_MAX, type ChatMessage } from "../../../universal/chat/chat-limits.ts";
import { mentionTokenUids } from "../../../universal/chat/mentions.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { socket } from "../../shared/realtime/topic.ts";
import type { Shown } from "./message-html.ts";
import type { RoomContext } from "./room-context.ts";
import { composerMentions } from "./room-mentions.ts";
import type { RoomMessages } from "./room-messages.ts";
import { setDisabled, setHidden, setText } from "../../shared/page/dom-writes.ts";

export interface RoomComposer {
  /** Sends again one's own message that failed, with its client id. */
  retry(clientId: string): void;
}

export function roomComposer(
  context: RoomContext,
  messages: RoomMessages,
  parts: { form: HTMLFormElement; composer: HTMLTextAreaElement; remainingLine: HTMLElement; mentionList: HTMLUListElement },
): RoomComposer {
  const { form, composer, remainingLine } = parts;
  const { t, room, viewerUid, roomPath } = context;
  const sendButton = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const mentions = composerMentions(composer, parts.mentionList, roomPath, () => composerChanged());

  function composerChanged(): void {
    const draft = composer.value;
    if (sendButton) setDisabled(sendButton, draft.trim().length === 0);
    const remaining = MESSAGE_TEXT_MAX - draft.length;
    setHidden(remainingLine, remaining >= 200);
    setText(remainingLine, remaining < 200 ? t("composer.remaining", { count: remaining }) : "");
  }

  async function deliver(message: Shown): Promise<void> {
    const clientId = message.clientId ?? "";
    const sending: Shown = { ...message, state: "sending" };
    messages.pending.set(clientId, sending);
    messages.showPending(sending);
    const answer = await apiJson<ChatMessage>(`${roomPath}/messages`, {
      body: { text: message.text, clientId, ...(message.mentions?.length ? { mentions: message.mentions } : {}) },
    });
    if (answer.ok) {
      context.setError(null);
      messages.dropPending(clientId);
      messages.place(answer.data);
      return;
    }
    context.setError(context.refusal(answer));
    if (answer.status === 0 || answer.status >= 500) {
      // Kept with its client id: retrying can never send it twice.
      const failed: Shown = { ...message, state: "failed" };
      messages.pending.set(clientId, failed);
      messages.showPending(failed);
    } else {
      // Refused for a reason the person can act on: the text goes back to the composer.
      messages.dropPending(clientId);
      if (!composer.value) composer.value = message.text;
      composerChanged();
    }
  }

  function submit(): void {
    const text = composer.value.trim();
    if (!text || text.length > MESSAGE_TEXT_MAX) return;
    messages.follow();
    composer.value = "";
    mentions.close();
    composerChanged();
    void deliver({
      mentions: mentionTokenUids(text),
      id: Number.MAX_SAFE_INTEGER,
      roomId: room.id,
      author: { uid: viewerUid, displayName: t("you") },
      text,
      createdAt: Date.now(),
      editedAt: null,
      clientId: newClientId(),
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  composer.addEventListener("input", () => {
    composerChanged();
    mentions.follow();
    socket.current()?.typing(context.topic);
  });
  composer.addEventListener("keydown", (event) => {
    if (mentions.key(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  // Text typed before this ran (the page was still loading) counts.
  composerChanged();

  return {
    retry(clientId) {
      const message = messages.pending.get(clientId);
      if (message) void deliver(message);
    },
  };
}
