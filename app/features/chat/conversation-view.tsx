/**
 * The open conversation as server HTML (decision 042): the room's header, its messages (one template,
 * `message-html.ts`), the typing line and the composer. A member's `/chat` loads no React for it: the
 * `chat-room` plain island (`chat-room.ts`) makes it live as the page loads (new messages, presence,
 * typing, sending, the message menu, earlier messages), and the report and mute dialogs are the
 * `chat-tools` island, woken when the member asks for one.
 */
import { useEffect, useState } from "react";
import type { ChatMessage, ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { HISTORY_PAGE, MESSAGE_TEXT_MAX } from "../../../universal/chat/chat-limits.ts";
import { Island } from "../../shared/islands/island.tsx";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "../../shared/islands/island-document.ts";
import { pickMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useNonce } from "../../shared/nonce.tsx";
import { logPageError } from "../../shared/page/page-errors.ts";
import { useRootData } from "../../shared/root-data.ts";
import { CONVERSATION_MESSAGES, type ChatT } from "./chat-text.ts";
import { ChatTools, CHAT_TOOLS_MESSAGES } from "./chat-tools.tsx";
import { knownNames, messageHtml, type MessageView } from "./message-html.ts";
import { CHAT_IDS, historyHtml, SLOW_MODE_CHOICES, type ChatRoomProps } from "./chat-room-props.ts";

export interface ConversationViewProps {
  room: ChatRoom;
  messages: ChatMessage[];
  viewerUid: string;
  moderator: boolean;
  blocked: boolean;
  i18n: RouteMessages;
  moderationI18n: RouteMessages;
}

/** Keeps the newest message in view as the page is parsed (before any script of the page's own runs). */
const SCROLL_TO_NEWEST = `(function(l){if(l)l.scrollTop=l.scrollHeight})(document.getElementById(${JSON.stringify(CHAT_IDS.list)}))`;

export function ConversationView({ room, messages, viewerUid, moderator, blocked, i18n, moderationI18n }: ConversationViewProps) {
  const { t: translate, i18n: translator } = useTranslation("chat");
  const t: ChatT = (key, values) => translate(key, values);
  const nonce = useNonce();
  const viewerName = useRootData()?.viewer?.name;
  // Which own messages may still be edited, as the page is rendered (the island looks again on use).
  const [now] = useState(() => Date.now());
  const dividerBefore =
    room.unread === 0
      ? null
      : (messages.find((message) => message.author.uid !== viewerUid && message.id > (room.lastReadId ?? 0))?.id ?? null);
  const view: MessageView = {
    t,
    language: translator.language as MessageView["language"],
    viewerUid,
    moderator,
    roomKind: room.kind,
    local: false,
    now,
    names: knownNames(messages, viewerName, room.peer?.displayName),
    dividerBefore,
  };
  const olderDone = messages.length < HISTORY_PAGE;
  const props: ChatRoomProps = {
    i18n: pickMessages(i18n, CONVERSATION_MESSAGES),
    room: { id: room.id, kind: room.kind, name: room.name, peer: room.peer ?? null, slowModeSeconds: room.slowModeSeconds },
    viewerUid,
    viewerName: viewerName ?? null,
    moderator,
    blocked,
    olderDone,
    dividerBefore,
    lastId: messages.at(-1)?.id ?? 0,
  };
  // A page React Router hydrates (the development server) renders this component in the browser: it starts the island itself.
  useEffect(() => {
    const element = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="chat-room"]`);
    if (!element) return;
    import("./chat-room.ts")
      .then((module) => module.startChatRoom(element, props))
      .catch((error: unknown) => logPageError('The island "chat-room" could not start', error));
    // The props are the server's: once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const listHtml = historyHtml(t, olderDone, messages.length === 0) + messages.map((message) => messageHtml(message, view)).join("");
  const peer = room.kind === "direct" ? room.peer : undefined;
  return (
    <>
      <div {...{ [ISLAND_ATTRIBUTE]: "chat-room", [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }} className="contents">
        <section
          id={CHAT_IDS.section}
          aria-labelledby="conversation-title"
          data-live="false"
          className="flex min-w-0 flex-1 flex-col rounded-xl border border-line bg-surface"
        >
          <header className="flex items-center gap-2 border-b border-line px-3 py-2">
            <a
              href="/chat"
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-surface-muted lg:hidden"
              aria-label={t("back")}
            >
              <span aria-hidden="true">←</span>
            </a>
            <div className="min-w-0 flex-1">
              <h2 id="conversation-title" className="truncate text-lg font-bold">
                {room.name}
              </h2>
              <div id={CHAT_IDS.presence} />
            </div>
            {peer ? (
              <button
                type="button"
                id={CHAT_IDS.block}
                data-blocked={blocked ? "true" : "false"}
                className="min-h-10 shrink-0 rounded-md border border-line px-3 text-sm hover:bg-surface-muted disabled:opacity-60"
              >
                {blocked ? t("block.unblock", { name: peer.displayName }) : t("block.block", { name: peer.displayName })}
              </button>
            ) : moderator ? (
              <span className="flex shrink-0 items-center gap-2 text-sm">
                <label htmlFor={CHAT_IDS.slowMode} className="text-fg-muted">
                  {t("moderation.slowMode")}
                </label>
                <select
                  id={CHAT_IDS.slowMode}
                  defaultValue={room.slowModeSeconds}
                  className="min-h-10 rounded-md border border-line bg-bg px-2 text-fg"
                >
                  {[...new Set([...SLOW_MODE_CHOICES, room.slowModeSeconds])]
                    .sort((a, b) => a - b)
                    .map((seconds) => (
                      <option key={seconds} value={seconds}>
                        {seconds === 0 ? t("moderation.slowModeOff") : t("moderation.seconds", { count: seconds })}
                      </option>
                    ))}
                </select>
              </span>
            ) : null}
          </header>
          {room.slowModeSeconds > 0 ? (
            <p id={CHAT_IDS.slowModeLine} className="border-b border-line px-3 py-1 text-sm text-fg-muted">
              {t("slowMode", { seconds: room.slowModeSeconds })}
            </p>
          ) : null}
          <ol
            id={CHAT_IDS.list}
            aria-label={room.name}
            className="min-h-0 flex-1 space-y-1 overflow-y-auto overscroll-contain px-3 py-3"
            dangerouslySetInnerHTML={{ __html: listHtml }}
          />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCROLL_TO_NEWEST }} />
          <p id={CHAT_IDS.typing} aria-live="polite" className="min-h-5 px-3 text-xs text-fg-muted" />
          {blocked && peer ? (
            <p id={CHAT_IDS.blockedNotice} className="mx-3 mb-2 text-sm text-fg-muted">
              {t("block.blockedNotice", { name: peer.displayName })}
            </p>
          ) : null}
          <p
            id={CHAT_IDS.error}
            role="alert"
            hidden
            className="mx-3 mb-2 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg"
          />
          <form id={CHAT_IDS.form} className="relative flex items-end gap-2 border-t border-line p-2">
            <ul
              id={CHAT_IDS.mentions}
              role="listbox"
              aria-label={t("mentions.label")}
              hidden
              className="absolute start-2 bottom-full z-10 mb-1 max-h-64 w-64 overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
            />
            <label htmlFor={CHAT_IDS.composer} className="sr-only">
              {t("composer.label")}
            </label>
            <textarea
              id={CHAT_IDS.composer}
              rows={1}
              maxLength={MESSAGE_TEXT_MAX}
              placeholder={t("composer.placeholder")}
              title={t("composer.hint")}
              enterKeyHint="send"
              aria-autocomplete="list"
              className="max-h-40 min-h-11 flex-1 resize-none rounded-md border border-line bg-bg px-3 py-2 text-fg"
            />
            <button type="submit" disabled className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-50">
              {t("composer.send")}
            </button>
          </form>
          <p id={CHAT_IDS.remaining} hidden className="px-3 pb-2 text-xs text-fg-muted" />
        </section>
      </div>
      <Island
        name="chat-tools"
        component={ChatTools}
        when="used"
        props={{
          roomId: room.id,
          moderator,
          i18n: pickMessages(i18n, CHAT_TOOLS_MESSAGES),
          moderationI18n: pickMessages(moderationI18n, ["report"]),
        }}
      />
    </>
  );
}
