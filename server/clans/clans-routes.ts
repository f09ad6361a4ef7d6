/**
 * The clans API (`/api/clans`, `/api/clan-invites`, issue 43): handlers only parse, check the site's
 * permission and call; what a role may do inside a clan is checked by the functions they call
 * (`universal/clans/clan-permissions.ts`).
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Database } from "../../db/client.ts";
import {
  announcementBody,
  clansQuery,
  createClanBody,
  disbandBody,
  patchClanBody,
  roleBody,
  rsvpBody,
  scheduleEventBody,
  uidBody,
} from "../../universal/clans/clan-schemas.ts";
import { AppError } from "../errors.ts";
import { idParam, parseJson, parseQuery, requirePermission, uidParam, type AppEnv } from "../http/context.ts";
import { publishPagesChanged } from "../delivery/page-changes.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { announce, patchClan } from "./clan-edits.ts";
import { answerEvent, cancelEvent, scheduleEvent } from "./clan-events.ts";
import {
  answerInvite,
  answerRequest,
  changeRole,
  disband,
  invite,
  kick,
  leave,
  requestToJoin,
  transferLead,
  withdrawRequest,
} from "./clan-membership.ts";
import { createClan, getClan, listClans } from "./clans.ts";

const CLAN_ID = /^clan-[a-f0-9]{20}$/;
/** The shared pages a clan's change shows on. */
export const CLAN_PAGES = ["/clan", "/rating"];

function announceChange(hub: RealtimeHub): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.res.status < 300) publishPagesChanged(hub, CLAN_PAGES);
  };
}

/** The clan id of the path (404 when it cannot be one). */
function clanId(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!CLAN_ID.test(id)) throw new AppError("not-found", "No such clan.");
  return id;
}

/** Answers a clan action with the clan's page as its actor now sees it (404 once it is gone). */
async function clanAnswer(c: Context<AppEnv>, db: Database, id: string, status: 200 | 201 = 200) {
  const clan = await getClan(db, id, c.get("viewer"));
  return clan ? c.json({ data: clan }, status) : c.json({ data: null }, status);
}

export function clansRoutes(db: Database, hub: RealtimeHub): Hono<AppEnv> {
  return (
    new Hono<AppEnv>()
      // Visitors' /clan and /rating are shared renders (route-rules.ts): a clan's change drops them.
      .use("/clans/*", announceChange(hub))
      .use("/clan-invites/*", announceChange(hub))
      .use("/clan-events/*", announceChange(hub))
      .get("/clans", async (c) => c.json(await listClans(db, parseQuery(c, clansQuery))))
      .post("/clans", async (c) => {
        const viewer = requirePermission(c, "clan:create");
        return c.json({ data: await createClan(db, viewer, await parseJson(c, createClanBody)) }, 201);
      })
      .get("/clans/:id", async (c) => {
        const clan = await getClan(db, clanId(c), c.get("viewer"));
        if (!clan) throw new AppError("not-found", "No such clan.");
        return c.json({ data: clan });
      })
      .patch("/clans/:id", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        await patchClan(db, viewer, id, await parseJson(c, patchClanBody));
        return clanAnswer(c, db, id);
      })
      .delete("/clans/:id", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        const { confirm } = await parseJson(c, disbandBody);
        await disband(db, hub, viewer, id, confirm);
        return c.body(null, 204);
      })
      .post("/clans/:id/join", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const result = await requestToJoin(db, hub, viewer, clanId(c));
        return c.json({ data: result }, result.status === "requested" ? 201 : 200);
      })
      .delete("/clans/:id/join", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        await withdrawRequest(db, viewer, clanId(c));
        return c.body(null, 204);
      })
      .post("/clans/:id/invites", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        const { uid } = await parseJson(c, uidBody);
        const made = await invite(db, hub, viewer, id, uid);
        return c.json({ data: { id: made.id, clanId: made.clanId, uid: made.uid } }, 201);
      })
      .post("/clan-invites/:id/accept", async (c) => {
        await answerInvite(db, requirePermission(c, "clan:join"), idParam(c, "invitation"), "accept");
        return c.body(null, 204);
      })
      .post("/clan-invites/:id/decline", async (c) => {
        await answerInvite(db, requirePermission(c, "clan:join"), idParam(c, "invitation"), "decline");
        return c.body(null, 204);
      })
      .post("/clans/:id/members/:uid/approve", async (c) => {
        const id = clanId(c);
        await answerRequest(db, hub, requirePermission(c, "clan:join"), id, uidParam(c), "approve");
        return clanAnswer(c, db, id);
      })
      .post("/clans/:id/members/:uid/refuse", async (c) => {
        const id = clanId(c);
        await answerRequest(db, hub, requirePermission(c, "clan:join"), id, uidParam(c), "refuse");
        return clanAnswer(c, db, id);
      })
      .post("/clans/:id/members/:uid/kick", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        await kick(db, hub, viewer, id, uidParam(c));
        return clanAnswer(c, db, id);
      })
      .post("/clans/:id/members/:uid/role", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        const uid = uidParam(c);
        const { role } = await parseJson(c, roleBody);
        await changeRole(db, viewer, id, uid, role);
        return clanAnswer(c, db, id);
      })
      .post("/clans/:id/transfer", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = clanId(c);
        const { uid } = await parseJson(c, uidBody);
        await transferLead(db, viewer, id, uid);
        return clanAnswer(c, db, id);
      })
      .post("/clans/:id/leave", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        await leave(db, hub, viewer, clanId(c));
        return c.body(null, 204);
      })
      .post("/clans/:id/announcements", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const made = await announce(db, viewer, clanId(c), await parseJson(c, announcementBody));
        return c.json({ data: made }, 201);
      })
      .post("/clans/:id/events", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const made = await scheduleEvent(db, viewer, clanId(c), await parseJson(c, scheduleEventBody));
        return c.json({ data: made }, 201);
      })
      .post("/clan-events/:id/rsvp", async (c) => {
        const viewer = requirePermission(c, "clan:join");
        const id = idParam(c, "event");
        const { answer } = await parseJson(c, rsvpBody);
        return c.json({ data: await answerEvent(db, viewer, id, answer) });
      })
      .delete("/clan-events/:id", async (c) => {
        await cancelEvent(db, requirePermission(c, "clan:join"), idParam(c, "event"));
        return c.body(null, 204);
      })
  );
}
