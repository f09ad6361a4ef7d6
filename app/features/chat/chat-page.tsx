import type { ChatMessage, ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useSocketState } from "../../shared/realtime/use-topic.ts";
import { lazy, Suspense } from "react";
import { RoomList } from "./room-list.tsx";

/**
 * The conversation (messages, composer, moderation, presence) is most of the chat's code: it loads
 * only for a member with a room open, never for a visitor or the room list.
 */
const Conversation = lazy(() => import("./conversation.tsx").then((module) => ({ default: module.Conversation })));

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
 * screens (`/chat` lists the rooms, `/chat?room=` is the conversation with a way back).
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
      <ReconnectingNotice label={t("reconnecting")} />
      <div className="mt-3 flex min-h-0 flex-1 gap-4">
        <nav aria-label={t("roomList")} className={`${room ? "hidden lg:block" : "block"} w-full shrink-0 overflow-y-auto lg:w-80`}>
          <RoomList rooms={rooms} currentId={room?.id ?? null} />
        </nav>
        {room ? (
          <Suspense fallback={<div className="flex-1 rounded-xl border border-line bg-surface" aria-busy="true" />}>
            <Conversation key={room.id} room={room} initial={messages} viewerUid={viewerUid} moderator={moderator} blocked={blocked} />
          </Suspense>
        ) : (
          <p className="hidden flex-1 items-center justify-center rounded-xl border border-dashed border-line text-fg-muted lg:flex">
            {t("noRoomChosen")}
          </p>
        )}
      </div>
    </div>
  );
}

/** Shown only while the socket is down and coming back: the page keeps working meanwhile. */
function ReconnectingNotice({ label }: { label: string }) {
  const state = useSocketState();
  return (
    <p role="status" className={state === "reconnecting" ? "mt-2 rounded-md bg-surface-muted px-3 py-1 text-sm text-fg-muted" : "sr-only"}>
      {state === "reconnecting" ? label : ""}
    </p>
  );
}
