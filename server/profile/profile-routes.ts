import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { authUsers, userPhotos, users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { confirmIdentity } from "../auth/confirm-identity.ts";
import { PASSWORD_MAX_LENGTH } from "../auth/password-policy.ts";
import { parseJson, requirePermission, uidParam, type AppEnv } from "../http/context.ts";
import { reencodeImage } from "../images/image-decoding.ts";
import { shortDigest } from "../content-api/http-cache.ts";
import { deleteAccount } from "../users/delete-account.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import { publishSessionsChanged } from "../realtime/session-ends.ts";
import { exportAccount } from "../users/export-account.ts";
import { acceptableDisplayName } from "./display-name.ts";
import { profileColumns, readProfile, syncProfile } from "./profile-store.ts";

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const PHOTO_SIZE = 256;

/** The name's own rules (characters, length, reserved names) are `acceptableDisplayName`'s, each with its reason. */
const profileUpdate = z.object({ displayName: z.string().max(1_000) }).strict();
/** The password confirms a deletion; an account without one confirms by a fresh sign-in instead. */
const deletion = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional() }).strict();

/** The photo, square, re-encoded (server/images/). */
async function reencodePhoto(bytes: Uint8Array): Promise<Buffer> {
  const { data } = await reencodeImage(bytes, "The photo", (image) => image.resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "cover" }));
  return data;
}

export function profileRoutes(db: Database, hub: Pick<RealtimeHub, "publish">) {
  return new Hono<AppEnv>()
    .get("/profile", async (c) => {
      const viewer = requirePermission(c, "profile:read:own");
      const profile = await readProfile(db, viewer.uid, c.get("logger"));
      if (!profile) throw new AppError("not-found", "No profile yet.");
      return c.json(profile);
    })
    .post("/profile/sync", async (c) => {
      const viewer = requirePermission(c, "profile:read:own");
      const [user] = await db.select().from(authUsers).where(eq(authUsers.id, viewer.uid));
      if (!user) throw new AppError("unauthenticated", "Sign in first.");
      return c.json(await syncProfile(db, user));
    })
    .patch("/profile", async (c) => {
      const viewer = requirePermission(c, "profile:update:own");
      const displayName = await acceptableDisplayName(db, (await parseJson(c, profileUpdate)).displayName, viewer.uid);
      const now = Date.now();
      const profile = await db.transaction(async (tx) => {
        await tx
          .update(authUsers)
          .set({ name: displayName, updatedAt: new Date(now) })
          .where(eq(authUsers.id, viewer.uid));
        const [updated] = await tx
          .update(users)
          .set({ displayName, updatedAt: now })
          .where(eq(users.uid, viewer.uid))
          .returning(profileColumns);
        // Thrown inside, so the identity record's name is rolled back with it.
        if (!updated) throw new AppError("not-found", "No profile yet.");
        return updated;
      });
      return c.json(profile);
    })
    .post(
      "/profile/photo",
      // Stops a chunked upload at the limit instead of buffering whatever is sent.
      bodyLimit({
        maxSize: PHOTO_MAX_BYTES + 64 * 1024,
        onError: () => {
          throw new AppError("invalid-argument", "The photo must be 2 MB or smaller.");
        },
      }),
      async (c) => {
        const viewer = requirePermission(c, "profile:update:own");
        const declared = Number(c.req.header("content-length") ?? 0);
        if (declared > PHOTO_MAX_BYTES + 64 * 1024) throw new AppError("invalid-argument", "The photo must be 2 MB or smaller.");
        const form = await c.req.formData().catch(() => {
          throw new AppError("invalid-argument", "Send the photo as multipart/form-data in the field 'photo'.");
        });
        const file = form.get("photo");
        if (!(file instanceof File)) throw new AppError("invalid-argument", "Send the photo as multipart/form-data in the field 'photo'.");
        if (file.size > PHOTO_MAX_BYTES) throw new AppError("invalid-argument", "The photo must be 2 MB or smaller.");
        const webp = await reencodePhoto(new Uint8Array(await file.arrayBuffer()));
        const etag = shortDigest(webp);
        const photoURL = `/api/photos/${viewer.uid}?v=${etag}`;
        const now = Date.now();
        const profile = await db.transaction(async (tx) => {
          const photo = { contentType: "image/webp", data: webp.toString("base64"), etag, updatedAt: now };
          await tx
            .insert(userPhotos)
            .values({ uid: viewer.uid, ...photo })
            .onConflictDoUpdate({ target: userPhotos.uid, set: photo });
          await tx
            .update(authUsers)
            .set({ image: photoURL, updatedAt: new Date(now) })
            .where(eq(authUsers.id, viewer.uid));
          const [updated] = await tx
            .update(users)
            .set({ photoURL, updatedAt: now })
            .where(eq(users.uid, viewer.uid))
            .returning(profileColumns);
          return updated;
        });
        return c.json(profile ?? { photoURL });
      },
    )
    .get("/photos/:uid", async (c) => {
      const uid = uidParam(c);
      const [photo] = await db.select().from(userPhotos).where(eq(userPhotos.uid, uid));
      if (!photo) throw new AppError("not-found", "No photo.");
      if (c.req.header("if-none-match") === `"${photo.etag}"`) return c.body(null, 304);
      return c.body(Buffer.from(photo.data, "base64"), 200, {
        "Content-Type": photo.contentType,
        ETag: `"${photo.etag}"`,
        "Cache-Control": "public, max-age=86400",
      });
    })
    .get("/profile/export", async (c) => {
      const viewer = requirePermission(c, "profile:export:own");
      const data = await exportAccount(db, viewer.uid);
      return c.json(data, 200, { "Content-Disposition": `attachment; filename="minithings-my-data.json"`, "Cache-Control": "no-store" });
    })
    .delete("/profile", async (c) => {
      const viewer = requirePermission(c, "profile:delete:own");
      const { password } = await parseJson(c, deletion);
      await confirmIdentity(db, viewer, password);
      await deleteAccount(db, viewer.uid);
      publishSessionsChanged(hub, viewer.uid);
      c.get("logger").info("account deleted", { uid: viewer.uid });
      return c.json({ deleted: true });
    });
}
