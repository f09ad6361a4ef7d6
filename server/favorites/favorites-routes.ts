import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import { contentEntries, favorites } from "../../db/schema/index.ts";
import { PACK_KIND_NAMES, type PackKind } from "../../universal/content/pack-schema.ts";
import { AppError } from "../errors.ts";
import { requirePermission, type AppEnv } from "../http/context.ts";
import { isPackId } from "../../universal/schemas.ts";

function entryParams(kind: string, id: string): { kind: PackKind; id: string } {
  if (!(PACK_KIND_NAMES as string[]).includes(kind) || !isPackId(id))
    throw new AppError("invalid-argument", `Unknown entry ${kind}/${id}.`);
  return { kind: kind as PackKind, id };
}

/** A player's stars, grouped by kind on /favorites: each names a content entry that exists. */
export async function listFavorites(db: Database, uid: string) {
  return db
    .select({ kind: favorites.kind, id: favorites.entryId, createdAt: favorites.createdAt, data: contentEntries.data })
    .from(favorites)
    .innerJoin(contentEntries, and(eq(contentEntries.kind, favorites.kind), eq(contentEntries.id, favorites.entryId)))
    .where(eq(favorites.uid, uid))
    .orderBy(desc(favorites.createdAt));
}

export function favoritesRoutes(db: Database) {
  return new Hono<AppEnv>()
    .get("/favorites", async (c) => {
      const viewer = requirePermission(c, "favorite:manage:own");
      const rows = await listFavorites(db, viewer.uid);
      return c.json({ data: rows.map(({ kind, id, createdAt }) => ({ kind, id, createdAt })) });
    })
    .get("/favorites/:kind/:id", async (c) => {
      const viewer = requirePermission(c, "favorite:manage:own");
      const { kind, id } = entryParams(c.req.param("kind"), c.req.param("id"));
      const [row] = await db
        .select({ kind: favorites.kind })
        .from(favorites)
        .where(and(eq(favorites.uid, viewer.uid), eq(favorites.kind, kind), eq(favorites.entryId, id)));
      return c.json({ starred: Boolean(row) });
    })
    .put("/favorites/:kind/:id", async (c) => {
      const viewer = requirePermission(c, "favorite:manage:own");
      const { kind, id } = entryParams(c.req.param("kind"), c.req.param("id"));
      const [entry] = await db
        .select({ id: contentEntries.id })
        .from(contentEntries)
        .where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
      if (!entry) throw new AppError("not-found", `No entry ${kind}/${id}.`);
      await db.insert(favorites).values({ uid: viewer.uid, kind, entryId: id, createdAt: Date.now() }).onConflictDoNothing();
      return c.json({ starred: true });
    })
    .delete("/favorites/:kind/:id", async (c) => {
      const viewer = requirePermission(c, "favorite:manage:own");
      const { kind, id } = entryParams(c.req.param("kind"), c.req.param("id"));
      await db.delete(favorites).where(and(eq(favorites.uid, viewer.uid), eq(favorites.kind, kind), eq(favorites.entryId, id)));
      return c.json({ starred: false });
    });
}
