import { Link } from "react-router";
import { roomKinds, UNREAD_MAX, type ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";

/** Rooms grouped by kind (lounges, clans, direct messages), each with its unread count. */
export function RoomList({ rooms, currentId }: { rooms: ChatRoom[]; currentId: string | null }) {
  const { t } = useTranslation("chat");
  return (
    <div className="space-y-4">
      {roomKinds.map((kind) => {
        const ofKind = rooms.filter((room) => room.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`rooms-${kind}`}>
            <h2 id={`rooms-${kind}`} className="px-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {t(`kinds.${kind}`)}
            </h2>
            <ul className="space-y-1">
              {ofKind.map((room) => (
                <li key={room.id}>
                  <Link
                    to={`/chat?room=${encodeURIComponent(room.id)}`}
                    aria-current={room.id === currentId ? "page" : undefined}
                    className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ${room.id === currentId ? "bg-surface-muted font-semibold" : "hover:bg-surface-muted"}`}
                  >
                    <span className="min-w-0 flex-1 truncate">{room.name}</span>
                    {room.unread > 0 && room.id !== currentId ? (
                      <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">
                        <span aria-hidden="true">{room.unread > UNREAD_MAX ? `${UNREAD_MAX}+` : room.unread}</span>
                        <span className="sr-only">{t("unread", { count: room.unread })}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
