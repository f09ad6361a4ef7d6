import { data } from "react-router";
import { ChatPage } from "~/features/chat/chat-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { requestContext } from "~/shared/request-context.ts";
import { findRoom, listMessages, listRooms, mayRead } from "../../../server/chat/chat.ts";
import { HISTORY_PAGE } from "../../../universal/chat/chat-limits.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, db } = context.get(requestContext);
  const i18n = await loadRouteMessages(request, "chat");
  if (!viewer) return { i18n, viewerUid: null, rooms: [], roomId: null, messages: [] };
  const roomId = new URL(request.url).searchParams.get("room");
  if (roomId) {
    const room = await findRoom(db, roomId);
    if (!room) throw data({ message: "No such room" }, { status: 404 });
    if (!mayRead(viewer, room)) throw data({ message: "Forbidden" }, { status: 403 });
  }
  const [rooms, messages] = await Promise.all([
    listRooms(db, viewer, i18n.language),
    roomId ? listMessages(db, roomId, { limit: HISTORY_PAGE }) : Promise.resolve([]),
  ]);
  return { i18n, viewerUid: viewer.uid, rooms, roomId, messages };
}

export default function Chat({ loaderData }: Route.ComponentProps) {
  return <ChatPage {...loaderData} />;
}
