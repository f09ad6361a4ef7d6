import { ChatPage } from "~/features/chat/chat-page.tsx";
import { loadReportMessages, loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { requireFound } from "~/shared/routing/page-refusals.ts";
import { listBlocks } from "../../../server/chat/block-members.ts";
import { listMessages } from "../../../server/chat/list-messages.ts";
import { listRooms } from "../../../server/chat/list-rooms.ts";
import { roomForViewer } from "../../../server/chat/room-access.ts";
import { can } from "../../../universal/auth/permissions.ts";
import { HISTORY_PAGE } from "../../../universal/chat/chat-limits.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

/**
 * Served as islands to everyone: a visitor's chat is a sign-in prompt (decision 039); a member's is
 * server HTML whose conversation a plain island makes live, with the dialogs an island woken on use
 * (decision 042).
 */
export const handle = islandsHandle;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { viewer, db } = context.get(requestContext);
  const [i18n, moderationI18n] = await Promise.all([loadRouteMessages(request, "chat"), loadReportMessages(request)]);
  const none = { i18n, moderationI18n, moderator: false, blocked: false };
  if (!viewer) return { ...none, viewerUid: null, rooms: [], roomId: null, messages: [] };
  const roomId = url.searchParams.get("room");
  // No such room is the 404 page; another member's room the 403 page.
  if (roomId) await requireFound(url, roomForViewer(db, viewer, roomId));
  const [rooms, messages, blocks] = await Promise.all([
    listRooms(db, viewer, i18n.language),
    roomId ? listMessages(db, roomId, { limit: HISTORY_PAGE }) : Promise.resolve([]),
    listBlocks(db, viewer),
  ]);
  const peer = rooms.find((room) => room.id === roomId)?.peer;
  return {
    ...none,
    moderator: can(viewer.role, "chat:mute") && can(viewer.role, "message:hide"),
    blocked: peer !== undefined && blocks.some((block) => block.uid === peer.uid),
    viewerUid: viewer.uid,
    rooms,
    roomId,
    messages,
  };
}

export default function Chat({ loaderData }: Route.ComponentProps) {
  return <ChatPage {...loaderData} />;
}
