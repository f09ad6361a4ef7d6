import type { ChatMessage, ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { CHAT_IDS } from "./chat-room-props.ts";
import { ConversationView } from "./conversation-view.tsx";
import { RoomList } from "./room-list.tsx";

export interface ChatPageProps {
  i18n: RouteMessages;
  /** The report dialog's texts. */
  moderationI18n: RouteMessages;
  viewerUid: string | null;
  moderator: boolean;
  blocked: boolean;
  rooms: ChatRoom[];
  roomId: string | null;
  messages: ChatMessage[];
}

/**
 * `/chat`: the room list and the open conversation side by side from 1280 px; below it, two
 * screens (`/chat` lists the rooms, `/chat?room=` is the conversation with a way back). Server HTML for
 * everyone (decisions 039 and 042): a member's conversation is made live by its plain island.
 */
export function ChatPage({ i18n, moderationI18n, viewerUid, moderator, blocked, rooms, roomId, messages }: ChatPageProps) {
  useRouteMessages(moderationI18n);
  const { t } = useRouteMessages(i18n);
  const room = rooms.find((each) => each.id === roomId) ?? null;

  if (!viewerUid) {
    return (
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.chat.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("common:pages.chat.description")}</p>
        <SignInPrompt text={t("signedOut")} action={t("signIn")} back="/chat" />
      </div>
    );
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-7rem)] max-w-6xl flex-col">
      <Breadcrumbs />
      <h1 className={`text-2xl font-bold ${room ? "sr-only lg:not-sr-only" : ""}`}>{t("common:pages.chat.title")}</h1>
      {/* Shown only while the socket is down and coming back (the conversation's island writes it): the page keeps working meanwhile. */}
      <p id={CHAT_IDS.reconnecting} role="status" className="sr-only" />
      <div className="mt-3 flex min-h-0 flex-1 gap-4">
        <nav aria-label={t("roomList")} className={`${room ? "hidden lg:block" : "block"} w-full shrink-0 overflow-y-auto lg:w-80`}>
          <RoomList rooms={rooms} currentId={room?.id ?? null} />
        </nav>
        {room ? (
          <ConversationView
            key={room.id}
            room={room}
            messages={messages}
            viewerUid={viewerUid}
            moderator={moderator}
            blocked={blocked}
            i18n={i18n}
            moderationI18n={moderationI18n}
          />
        ) : (
          <p className="hidden flex-1 items-center justify-center rounded-xl border border-dashed border-line text-fg-muted lg:flex">
            {t("noRoomChosen")}
          </p>
        )}
      </div>
    </div>
  );
}
