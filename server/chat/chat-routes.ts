/**
 * The chat API (`/api/chat/*`), for members: rooms and their history, sending, editing and deleting
 * messages, read positions, mention suggestions, mutes and slow mode, direct rooms and blocks.
 */
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import {
  blockBody,
  directRoomBody,
  editMessageBody,
  historyQuery,
  mentionQuery,
  muteBody,
  readBody,
  sendMessageBody,
  slowModeBody,
} from "../../universal/chat/chat-schemas.ts";
import { languageFromCookieHeader } from "../../universal/i18n/languages.ts";
import { idParam, parseJson, parseQuery, requirePermission, uidParam, type AppEnv } from "../http/context.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { publishUnread } from "../notifications/notifications.ts";
import { blockMember, listBlocks, unblockMember } from "./block-members.ts";
import { deleteMessage, editMessage } from "./change-message.ts";
import { listMessages } from "./list-messages.ts";
import { listRooms } from "./list-rooms.ts";
import { markRead } from "./mark-read.ts";
import { muteMember, setSlowMode } from "./moderate-room.ts";
import { openDirectRoom } from "./open-direct-room.ts";
import { roomForViewer } from "./room-access.ts";
import { sendMessage, type ChatRules } from "./send-message.ts";
import { mentionSuggestions } from "./suggest-mentions.ts";

export function chatRoutes(db: Database, hub: RealtimeHub, rules: ChatRules) {
  return new Hono<AppEnv>()
    .get("/chat/rooms", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      return c.json({ data: await listRooms(db, viewer, languageFromCookieHeader(c.req.header("cookie"))) });
    })
    .get("/chat/rooms/:room/messages", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      const room = await roomForViewer(db, viewer, c.req.param("room"));
      const query = parseQuery(c, historyQuery);
      return c.json({ data: await listMessages(db, room.id, query) });
    })
    .post("/chat/rooms/:room/messages", async (c) => {
      const viewer = requirePermission(c, "chat:send");
      const body = await parseJson(c, sendMessageBody);
      const { message } = await sendMessage(db, hub, rules, viewer, c.req.param("room"), body);
      return c.json({ data: message }, 201);
    })
    .get("/chat/rooms/:room/mentions", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      const room = await roomForViewer(db, viewer, c.req.param("room"));
      const { q } = parseQuery(c, mentionQuery);
      return c.json({ data: await mentionSuggestions(db, viewer, room, q) });
    })
    .post("/chat/rooms/:room/read", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      const { lastId } = await parseJson(c, readBody);
      const read = await markRead(db, viewer, c.req.param("room"), lastId);
      if (read.notificationsRead > 0) await publishUnread(db, hub, viewer.uid);
      return c.json({ ok: true, ...read });
    })
    .post("/chat/rooms/:room/mutes", async (c) => {
      const viewer = requirePermission(c, "chat:mute");
      const { uid, minutes } = await parseJson(c, muteBody);
      return c.json({ data: await muteMember(db, viewer, c.req.param("room"), uid, minutes) }, 201);
    })
    .post("/chat/rooms/:room/slow-mode", async (c) => {
      const viewer = requirePermission(c, "chat:mute");
      const { seconds } = await parseJson(c, slowModeBody);
      return c.json({ data: await setSlowMode(db, viewer, c.req.param("room"), seconds) });
    })
    .post("/chat/direct", async (c) => {
      const viewer = requirePermission(c, "chat:send");
      const { uid } = await parseJson(c, directRoomBody);
      return c.json({ data: { id: await openDirectRoom(db, viewer, uid) } });
    })
    .patch("/chat/messages/:id", async (c) => {
      const viewer = requirePermission(c, "chat:send");
      const { text } = await parseJson(c, editMessageBody);
      return c.json({ data: await editMessage(db, hub, viewer, idParam(c, "message"), text) });
    })
    .delete("/chat/messages/:id", async (c) => {
      // The author within 10 minutes, or a moderator (`message:hide`) at any time: decided in deleteMessage.
      const viewer = requirePermission(c, "chat:send");
      await deleteMessage(db, hub, viewer, idParam(c, "message"));
      return c.json({ ok: true });
    })
    .get("/chat/blocks", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      return c.json({ data: await listBlocks(db, viewer) });
    })
    .post("/chat/blocks", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      const { uid } = await parseJson(c, blockBody);
      await blockMember(db, viewer, uid);
      return c.json({ ok: true }, 201);
    })
    .delete("/chat/blocks/:uid", async (c) => {
      const viewer = requirePermission(c, "chat:read");
      await unblockMember(db, viewer, uidParam(c));
      return c.json({ ok: true });
    });
}
