import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useRevalidator } from "react-router";
import {
  HISTORY_PAGE,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_TEXT_MAX,
  type ChatMessage,
  type ChatRoom,
} from "../../../universal/chat/chat-limits.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { apiJson, type ApiRefusal } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { socketClient } from "../../shared/realtime/socket-client.ts";
import { mergeAfterReload } from "../../shared/realtime/merge-after-reload.ts";
import { useSocketState, useTopic } from "../../shared/realtime/use-topic.ts";
import { ReportDialog, type ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { MessageItem, type Shown } from "./message-item.tsx";
import { MuteDialog, RoomControls } from "./room-controls.tsx";
import { nextOnline, RoomPresence, type RoomOnline } from "./room-presence.tsx";
import { MentionList, useMentionPicker, type Mentionable } from "../../shared/ui/mention-picker.tsx";
import { useCaretAfterRender } from "../../shared/ui/use-caret.ts";
import { useRootData } from "../../shared/root-data.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { useHydrated } from "../../shared/use-hydrated.ts";
import { useMinuteClock } from "../../shared/use-minute-clock.ts";
import { hiddenAfterChange, hiddenAfterReveal } from "./message-window.ts";

const TYPING_SHOWN_MS = 4_000;
const READ_SETTLE_MS = 3_000;
/** Closer than this to the bottom, the list follows new messages; farther, the reader is reading history. */
const FOLLOW_PX = 120;

function byId(a: Shown, b: Shown): number {
  return a.id - b.id;
}

export interface ConversationProps {
  room: ChatRoom;
  initial: ChatMessage[];
  viewerUid: string;
  /** The viewer moderates chat (deletes any message, mutes, sets slow mode): the server checks it again. */
  moderator: boolean;
  /** The viewer blocked the other member of this direct room. */
  blocked: boolean;
}

export function Conversation({ room, initial, viewerUid, moderator, blocked }: ConversationProps) {
  const { t, i18n } = useTranslation("chat");
  const language = i18n.language;
  // Times switch to the device's zone once hydrated; the clock says which own messages may still be edited.
  const local = useHydrated();
  const now = useMinuteClock();
  const revalidator = useRevalidator();
  const [messages, setMessages] = useState<Shown[]>(initial);
  const [pending, setPending] = useState<Shown[]>([]);
  const [olderDone, setOlderDone] = useState(initial.length < HISTORY_PAGE);
  // The oldest loaded messages left out of the page (message-window.ts).
  const [hidden, setHidden] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [typing, setTyping] = useState<Map<string, { name: string; until: number }>>(new Map());
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [online, setOnline] = useState<RoomOnline | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const placeCaret = useCaretAfterRender(composer);
  const mentionPicker = useMentionPicker(`/api/chat/rooms/${encodeURIComponent(room.id)}/mentions`);
  const [muting, setMuting] = useState<{ uid: string; name: string } | null>(null);
  const [generation, setGeneration] = useState(0);
  // Whether the room's subscription is live (history caught up, new messages arrive as they are sent).
  const [live, setLive] = useState(false);
  const socketState = useSocketState();
  const [seenSocketState, setSeenSocketState] = useState(socketState);
  if (seenSocketState !== socketState) {
    setSeenSocketState(socketState);
    if (socketState !== "open") setLive(false);
  }
  const viewerName = useRootData()?.viewer?.name;
  // Whose mentions are marked whole: the reader, the other member of a direct room, authors, who is online.
  const names = useMemo(() => {
    const known = new Set<string>();
    for (const name of [viewerName, room.peer?.displayName, ...messages.map((message) => message.author.displayName)])
      if (name) known.add(name);
    for (const name of online?.members.values() ?? []) known.add(name);
    return [...known];
  }, [viewerName, room.peer?.displayName, messages, online]);
  const list = useRef<HTMLOListElement>(null);
  // Messages the socket said were deleted: a read of the page that began before stays without them.
  const deleted = useRef(new Set<number>());
  const follow = useRef(true);
  const lastId = messages.at(-1)?.id;
  // The divider sits before the first message the reader had not read when the room opened.
  const [dividerBefore] = useState(() => {
    if (room.unread === 0) return null;
    const firstUnread = initial.find((message) => message.author.uid !== viewerUid && message.id > (room.lastReadId ?? 0));
    return firstUnread?.id ?? null;
  });

  const topic = `room:${room.id}`;
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      switch (frame.type) {
        case "message": {
          const message = frame.message;
          setMessages((current) => (current.some((each) => each.id === message.id) ? current : [...current, message].sort(byId)));
          // One's own message can arrive on the socket before the answer to its request: the
          // oldest pending copy with its text is that message (the answer then finds it confirmed).
          if (message.author.uid === viewerUid)
            setPending((current) => {
              const index = current.findIndex((each) => each.state === "sending" && each.text === message.text);
              return index < 0 ? current : current.filter((_, at) => at !== index);
            });
          setTyping((current) => {
            if (!current.has(message.author.uid)) return current;
            const next = new Map(current);
            next.delete(message.author.uid);
            return next;
          });
          break;
        }
        case "message-updated":
          setMessages((current) => current.map((each) => (each.id === frame.message.id ? frame.message : each)));
          break;
        case "message-deleted":
          deleted.current.add(frame.messageId);
          setMessages((current) => current.filter((each) => each.id !== frame.messageId));
          break;
        case "subscribed":
          setLive(true);
          break;
        case "presence":
          setOnline((current) => nextOnline(current, frame));
          break;
        case "typing":
          setTyping((current) => new Map(current).set(frame.uid, { name: frame.displayName, until: Date.now() + TYPING_SHOWN_MS }));
          break;
        case "error":
          if (frame.code === "reload") {
            // Too much was missed: read the room again, then listen from its newest message.
            revalidator.revalidate().then(() => setGeneration((value) => value + 1));
          }
          break;
      }
    },
    [revalidator, viewerUid],
  );
  // Holding no message, everything after 0 is new: a message sent while the page loaded is not lost.
  useTopic(topic, lastId ?? 0, onFrame, generation);

  // After a reload the loader's messages are the truth, with what the socket delivered meanwhile.
  const [seenInitial, setSeenInitial] = useState(initial);
  if (seenInitial !== initial) {
    setSeenInitial(initial);
    setMessages((current) => mergeAfterReload(initial, current, deleted.current));
  }

  // Typing indicators fade out by themselves.
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setTimeout(() => {
      const at = Date.now();
      setTyping((current) => new Map([...current].filter(([, value]) => value.until > at)));
    }, 1_000);
    return () => clearTimeout(timer);
  }, [typing]);

  // The newest message read: told to the server once new messages have settled for a moment (the
  // request shares the account's write budget with sending, so a busy room must not spend it).
  useEffect(() => {
    if (lastId === undefined || document.visibilityState !== "visible") return;
    const timer = setTimeout(() => {
      void apiJson(`/api/chat/rooms/${encodeURIComponent(room.id)}/read`, { body: { lastId } });
    }, READ_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [room.id, lastId]);

  // Whether the reader follows the newest messages (at the bottom): a ref for the scroll code, state for rendering.
  const [following, setFollowing] = useState(true);
  function setFollow(value: boolean) {
    follow.current = value;
    if (value !== following) setFollowing(value);
  }

  // A follower of a long room keeps a bounded page: the oldest rendered messages leave it.
  const [seenLength, setSeenLength] = useState(messages.length);
  if (seenLength !== messages.length) {
    setSeenLength(messages.length);
    const next = hiddenAfterChange(messages.length, hidden, following);
    if (next !== hidden) setHidden(next);
  }

  // Follow new messages when the reader is at the bottom; start at the bottom.
  useLayoutEffect(() => {
    const element = list.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  }, [messages, pending]);

  const onScroll = () => {
    const element = list.current;
    if (element) setFollow(element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX);
  };

  async function loadOlder() {
    const first = messages[0];
    if (!first || loadingOlder) return;
    const element = list.current;
    const fromBottom = element ? element.scrollHeight - element.scrollTop : 0;
    const keepPlace = () =>
      requestAnimationFrame(() => {
        if (element) element.scrollTop = element.scrollHeight - fromBottom;
      });
    if (hidden > 0) {
      // Already loaded: back into the page, without asking the server.
      setFollow(false);
      setHidden(hiddenAfterReveal(hidden));
      keepPlace();
      return;
    }
    setLoadingOlder(true);
    const answer = await apiJson<ChatMessage[]>(
      `/api/chat/rooms/${encodeURIComponent(room.id)}/messages?before=${first.id}&limit=${HISTORY_PAGE}`,
    );
    setLoadingOlder(false);
    if (!answer.ok) {
      setError(t("errors.generic"));
      return;
    }
    if (answer.data.length < HISTORY_PAGE) setOlderDone(true);
    setFollow(false);
    setMessages((current) => [...answer.data.filter((older) => !current.some((each) => each.id === older.id)), ...current]);
    // Keep the reader's place: the list grows above what they were reading.
    keepPlace();
  }

  function refusal(answer: ApiRefusal): string {
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
  }

  async function deliver(message: Shown) {
    setPending((current) => [...current.filter((each) => each.clientId !== message.clientId), { ...message, state: "sending" }]);
    const answer = await apiJson<ChatMessage>(`/api/chat/rooms/${encodeURIComponent(room.id)}/messages`, {
      body: { text: message.text, clientId: message.clientId, ...(message.mentions?.length ? { mentions: message.mentions } : {}) },
    });
    if (answer.ok) {
      setError(null);
      setPending((current) => current.filter((each) => each.clientId !== message.clientId));
      setMessages((current) => (current.some((each) => each.id === answer.data.id) ? current : [...current, answer.data].sort(byId)));
      return;
    }
    setError(refusal(answer));
    if (answer.status === 0 || answer.status >= 500) {
      // Kept with its client id: retrying can never send it twice.
      setPending((current) => current.map((each) => (each.clientId === message.clientId ? { ...each, state: "failed" } : each)));
    } else {
      // Refused for a reason the person can act on: the text goes back to the composer.
      setPending((current) => current.filter((each) => each.clientId !== message.clientId));
      setDraft((current) => current || message.text);
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || text.length > MESSAGE_TEXT_MAX) return;
    setFollow(true);
    setDraft("");
    const mentions = mentionPicker.mentionsIn(text);
    mentionPicker.reset();
    void deliver({
      mentions,
      id: Number.MAX_SAFE_INTEGER,
      roomId: room.id,
      author: { uid: viewerUid, displayName: t("you") },
      text,
      createdAt: Date.now(),
      editedAt: null,
      clientId: newClientId(),
    });
  }

  function chooseMention(member: Mentionable) {
    const next = mentionPicker.pick(draft, member);
    placeCaret(next.caret);
    setDraft(next.text);
  }

  function onComposerKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentionPicker.onKeyDown(event, chooseMention)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  async function saveEdit() {
    if (!editing) return;
    const text = editing.text.trim();
    if (!text) return;
    const answer = await apiJson<ChatMessage>(`/api/chat/messages/${editing.id}`, { method: "PATCH", body: { text } });
    if (!answer.ok) {
      setError(refusal(answer));
      return;
    }
    setEditing(null);
    setMessages((current) => current.map((each) => (each.id === answer.data.id ? answer.data : each)));
  }

  async function remove(id: number, own: boolean) {
    if (!window.confirm(t(own ? "confirmDelete" : "moderation.confirmDelete"))) return;
    const answer = await apiJson(`/api/chat/messages/${id}`, { method: "DELETE" });
    if (!answer.ok) {
      setError(refusal(answer));
      return;
    }
    deleted.current.add(id);
    setMessages((current) => current.filter((each) => each.id !== id));
  }

  const typingNames = [...typing.values()].map((value) => value.name);
  const shown = useMemo(() => [...messages, ...pending], [messages, pending]);
  const remaining = MESSAGE_TEXT_MAX - draft.length;

  return (
    <section
      aria-labelledby="conversation-title"
      data-live={live}
      className="flex min-w-0 flex-1 flex-col rounded-xl border border-line bg-surface"
    >
      <header className="flex items-center gap-2 border-b border-line px-3 py-2">
        <Link
          to="/chat"
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-surface-muted lg:hidden"
          aria-label={t("back")}
        >
          <span aria-hidden="true">←</span>
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id="conversation-title" className="truncate text-lg font-bold">
            {room.name}
          </h2>
          <RoomPresence room={room} online={online} now={now} />
        </div>
        <RoomControls room={room} moderator={moderator} blocked={blocked} onError={setError} />
      </header>
      {room.slowModeSeconds > 0 ? (
        <p className="border-b border-line px-3 py-1 text-sm text-fg-muted">{t("slowMode", { seconds: room.slowModeSeconds })}</p>
      ) : null}
      <ol
        ref={list}
        onScroll={onScroll}
        aria-label={room.name}
        className="min-h-0 flex-1 space-y-1 overflow-y-auto overscroll-contain px-3 py-3"
      >
        <li className="py-2 text-center text-sm text-fg-muted">
          {olderDone && hidden === 0 ? (
            t(shown.length === 0 ? "empty" : "beginning")
          ) : (
            <button
              type="button"
              onClick={() => void loadOlder()}
              className="min-h-10 rounded-md border border-line px-3 hover:bg-surface-muted"
            >
              {loadingOlder ? t("loadingEarlier") : t("loadEarlier")}
            </button>
          )}
        </li>
        {shown.slice(hidden).map((message) => {
          const own = message.author.uid === viewerUid;
          const confirmed = !message.state;
          return (
            <li key={message.clientId ?? message.id} data-message-id={confirmed ? message.id : undefined}>
              {message.id === dividerBefore ? (
                <p className="my-2 flex items-center gap-2 text-xs font-semibold text-accent" role="separator">
                  <span className="h-px flex-1 bg-brand" />
                  {t("newMessages")}
                  <span className="h-px flex-1 bg-brand" />
                </p>
              ) : null}
              <MessageItem
                message={message}
                own={own}
                local={local}
                names={names}
                actions={{
                  editable: own && confirmed && now - message.createdAt < MESSAGE_EDIT_WINDOW_MS,
                  reportable: !own && confirmed,
                  // A direct conversation is moderated through reports only (the moderator is one of its two members).
                  moderated: moderator && confirmed && room.kind !== "direct",
                }}
                editing={editing?.id === message.id ? editing.text : null}
                onEditChange={(text) => setEditing(text === null ? null : { id: message.id, text })}
                onEditSave={() => void saveEdit()}
                onDelete={() => void remove(message.id, own)}
                onRetry={() => void deliver(message)}
                onReport={() => setReporting({ kind: "message", id: message.id })}
                onMute={() => setMuting({ uid: message.author.uid, name: message.author.displayName || t("rooms.member") })}
              />
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="min-h-5 px-3 text-xs text-fg-muted">
        {typingNames.length > 0 ? t("typing", { count: typingNames.length, names: typingNames.join(", ") }) : ""}
      </p>
      {blocked && room.peer ? (
        <p className="mx-3 mb-2 text-sm text-fg-muted">{t("block.blockedNotice", { name: room.peer.displayName })}</p>
      ) : null}
      {error ? (
        <p role="alert" className="mx-3 mb-2 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg">
          {error}
        </p>
      ) : null}
      <form onSubmit={submit} className="relative flex items-end gap-2 border-t border-line p-2">
        <MentionList {...mentionPicker.listState} label={t("mentions.label")} onChoose={chooseMention} />
        <label htmlFor="chat-composer" className="sr-only">
          {t("composer.label")}
        </label>
        <textarea
          id="chat-composer"
          ref={composer}
          value={draft}
          {...mentionPicker.inputProps}
          rows={1}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t("composer.placeholder")}
          title={t("composer.hint")}
          enterKeyHint="send"
          onChange={(event) => {
            setDraft(event.target.value);
            mentionPicker.follow(event.target.value, event.target.selectionStart);
            socketClient().typing(topic);
          }}
          onKeyDown={onComposerKey}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-md border border-line bg-bg px-3 py-2 text-fg"
        />
        <button
          type="submit"
          disabled={draft.trim().length === 0}
          className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-50"
        >
          {t("composer.send")}
        </button>
      </form>
      {remaining < 200 ? <p className="px-3 pb-2 text-xs text-fg-muted">{t("composer.remaining", { count: remaining })}</p> : null}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      {moderator ? <MuteDialog roomId={room.id} member={muting} onClose={() => setMuting(null)} /> : null}
    </section>
  );
}
