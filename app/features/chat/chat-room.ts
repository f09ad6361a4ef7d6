/**
 * The open conversation, live without React (decision 042): the `chat-room` plain island of a member's
 * `/chat`. The server rendered the room (`conversation-view.tsx`); this makes it live as the page loads,
 * in parts that share one `RoomContext`:
 * - `room-messages.ts`: the list (placing messages in order, one's own while sending, a bounded page,
 *   earlier messages, the read marker);
 * - `room-composer.ts` and `room-mentions.ts`: sending (with a client id, so a retry never sends twice)
 *   and `@` mentions;
 * - `room-presence.ts`: who is typing, who is here;
 * - `message-actions.ts` and `room-controls.ts`: a message's menu, editing, deleting, reporting and
 *   muting; blocking and slow mode.
 * This file subscribes to the room's topic from the newest message the page shows and hands each frame
 * to its part.
 */
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { afterInteractive } from "../../shared/page/after-interactive.ts";
import { onPageEnd } from "../../shared/islands/page-lifetime.ts";
import { socket } from "../../shared/realtime/topic.ts";
import { startMessageActions } from "./message-actions.ts";
import { CHAT_IDS, type ChatRoomProps } from "./chat-room-props.ts";
import { roomComposer } from "./room-composer.ts";
import { roomContext } from "./room-context.ts";
import { startRoomControls } from "./room-controls.ts";
import { roomMessages } from "./room-messages.ts";
import { roomPresence } from "./room-presence.ts";

export function startChatRoom(element: HTMLElement, props: ChatRoomProps): void {
  const context = roomContext(element, props);
  if (!context) return;
  const { byId, section, t, viewerUid, topic, setError } = context;
  const form = byId<HTMLFormElement>(CHAT_IDS.form);
  const composer = byId<HTMLTextAreaElement>(CHAT_IDS.composer);
  const typingLine = byId(CHAT_IDS.typing);
  const errorLine = byId(CHAT_IDS.error);
  const mentionList = byId<HTMLUListElement>(CHAT_IDS.mentions);
  const remainingLine = byId(CHAT_IDS.remaining);
  const presenceBox = byId(CHAT_IDS.presence);
  if (!form || !composer || !typingLine || !errorLine || !mentionList || !remainingLine || !presenceBox) return;

  const messages = roomMessages(context);
  const presence = roomPresence(context, typingLine, presenceBox, messages.names);
  const sender = roomComposer(context, messages, { form, composer, remainingLine, mentionList });
  startMessageActions(context, messages, sender);
  startRoomControls(context, errorLine);

  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case "message": {
        const message = frame.message;
        // One's own message can arrive before the answer to its request: the oldest copy still sending with its text is it.
        if (message.author.uid === viewerUid)
          for (const [clientId, each] of messages.pending)
            if (each.state === "sending" && each.text === message.text) {
              messages.dropPending(clientId);
              break;
            }
        messages.place(message);
        presence.spoke(message.author.uid);
        break;
      }
      case "message-updated":
        if (messages.confirmed(frame.message.id)) messages.place(frame.message);
        break;
      case "message-deleted":
        messages.forget(frame.messageId);
        break;
      case "subscribed":
        section.dataset.live = "true";
        break;
      case "presence":
        presence.presence(frame);
        break;
      case "typing":
        presence.typing(frame);
        break;
      case "error":
        // Too much was missed: the room is read again.
        if (frame.code === "reload") window.location.reload();
        // The reader may no longer read the room (they left or were removed from its clan): nothing more arrives.
        if (frame.code === "permission-denied" && frame.topic === topic) {
          section.dataset.live = "false";
          if (composer) composer.disabled = true;
          setError(t("errors.removed"));
        }
        break;
    }
  }

  const reconnecting = byId(CHAT_IDS.reconnecting);
  afterInteractive(() => {
    onPageEnd(
      socket.use((client) => {
        const stop = client.subscribe(context.topic, messages.lastId(), onFrame);
        const showState = (state: string) => {
          if (state !== "open") section.dataset.live = "false";
          if (!reconnecting) return;
          const down = state === "reconnecting";
          reconnecting.textContent = down ? t("reconnecting") : "";
          reconnecting.className = down ? "mt-2 rounded-md bg-surface-muted px-3 py-1 text-sm text-fg-muted" : "sr-only";
        };
        const stopState = client.onState(showState);
        return () => {
          stop();
          stopState();
        };
      }),
    );
  });
}
