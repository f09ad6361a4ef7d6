import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUp, type TestApp } from "../testing.ts";
import { imageDecoding } from "../images/image-decoding.ts";
import { PHOTO_MAX_BYTES } from "./profile-routes.ts";

const SECRET = "secret-copyright-notice";

/** A real image of `width`×`height`, carrying EXIF a photo should not leak. */
function image(format: "png" | "jpeg" | "webp", width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .toFormat(format)
    .withMetadata({ exif: { IFD0: { Copyright: SECRET } } })
    .toBuffer();
}

function photoForm(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

async function expectInvalid(response: Response, message?: RegExp) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body.error.code).toBe("invalid-argument");
  if (message) expect(body.error.message).toMatch(message);
}

describe.each(testEngines)("profile photo and name on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  let uid: string;

  const upload = (bytes: Uint8Array, name = "me.png", type = "image/png", as = cookie) =>
    call(t.app, "/api/profile/photo", { body: photoForm(bytes, name, type), cookie: as });
  const session = async (as = cookie) => (await call(t.app, "/api/auth/get-session", { cookie: as })).json();

  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = await signUp(t.app, "an@example.vn", "correct horse battery", "An");
    await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie });
    uid = (await session()).user.id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("re-encodes a PNG to a 256×256 WebP without its metadata, served with an ETag", async () => {
    const png = await image("png", 640, 480);
    expect((await sharp(png).metadata()).exif).toBeDefined();
    expect(png.includes(SECRET)).toBe(true);

    const response = await upload(png);
    expect(response.status).toBe(200);
    const profile = await response.json();
    expect(profile.photoURL).toMatch(new RegExp(`^/api/photos/${uid}\\?v=[\\w-]{16}$`));
    const [stored] = await t.db.select({ photoURL: users.photoURL }).from(users).where(eq(users.uid, uid));
    expect(stored?.photoURL).toBe(profile.photoURL);
    expect((await session()).user.image).toBe(profile.photoURL);

    const served = await call(t.app, profile.photoURL);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const etag = served.headers.get("ETag");
    expect(etag).toBe(`"${new URL(profile.photoURL, "http://localhost").searchParams.get("v")}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(SECRET)).toBe(false);

    const revalidated = await call(t.app, profile.photoURL, { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await call(t.app, profile.photoURL, { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
  });

  it.each([
    ["jpeg", "me.jpg", "image/jpeg"],
    ["webp", "me.webp", "image/webp"],
  ] as const)("accepts a %s photo, and a new photo gets a new URL", async (format, name, type) => {
    const before = (await (await call(t.app, "/api/profile", { cookie })).json()).photoURL;
    const response = await upload(await image(format, 300 + name.length, 500), name, type);
    expect(response.status).toBe(200);
    const { photoURL } = await response.json();
    expect(photoURL).not.toBe(before);
    const served = await call(t.app, photoURL);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("judges the bytes, not the name or the declared type", async () => {
    await expectInvalid(await upload(new TextEncoder().encode("just some text, honest\n"), "photo.png", "image/png"), /PNG, JPEG or WebP/);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expectInvalid(await upload(gif, "photo.png", "image/png"), /PNG, JPEG or WebP/);
  });

  it("accepts exactly 2 MB and refuses a byte more", async () => {
    const png = await image("png", 64, 64);
    const atLimit = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES - png.length)]);
    expect((await upload(atLimit)).status).toBe(200);
    await expectInvalid(await upload(Buffer.concat([atLimit, Buffer.alloc(1)])), /2 MB/);
  });

  it("refuses a photo of more than 16 megapixels with 400, whatever the size of its file", async () => {
    const huge = await sharp({ create: { width: 5000, height: 3500, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(PHOTO_MAX_BYTES / 4);
    await expectInvalid(await upload(huge), /at most 16 megapixels/);
  });

  it("refuses a damaged photo with 400, not 500", async () => {
    const png = await image("png", 640, 480);
    await expectInvalid(await upload(png.subarray(0, Math.floor(png.length / 2))), /damaged or incomplete/);
  });

  it("decodes at most two photos at once: a few more wait their turn, the next is refused with 503", async () => {
    const png = await image("png", 1200, 900);
    // Both turns taken (as by two long decodes): uploads must wait, none may decode meanwhile.
    const releases: (() => void)[] = [];
    const holders = [0, 1].map(() => imageDecoding.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    const queued = [0, 1, 2, 3].map(() => upload(png));
    await vi.waitFor(() => expect(imageDecoding.waiting).toBe(4), { timeout: 20_000 });
    const refused = await upload(png);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(await refused.json()).toEqual({
      error: { code: "unavailable", message: expect.stringMatching(/try again/i), details: { retryAfter: 5 } },
    });
    expect([imageDecoding.running, imageDecoding.waiting]).toEqual([2, 4]);
    for (const release of releases) release();
    await Promise.all(holders);
    expect((await Promise.all(queued)).map((response) => response.status)).toEqual([200, 200, 200, 200]);

    // A burst the line can hold is served whole, two at a time.
    const burst = await Promise.all([0, 1, 2, 3, 4, 5].map(() => upload(png)));
    expect(burst.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(imageDecoding.peak).toBe(2);
    expect([imageDecoding.running, imageDecoding.waiting]).toEqual([0, 0]);
  });

  it("refuses a request without the photo field", async () => {
    const form = new FormData();
    form.set("picture", new File([new Uint8Array(await image("png"))], "me.png", { type: "image/png" }));
    await expectInvalid(await call(t.app, "/api/profile/photo", { body: form, cookie }), /'photo'/);
    await expectInvalid(await call(t.app, "/api/profile/photo", { body: { photo: "data:image/png;base64,AAAA" }, cookie }));
  });

  it("refuses a signed-out upload with 401, and answers 404 for a photo that does not exist", async () => {
    const response = await call(t.app, "/api/profile/photo", { body: photoForm(await image("png"), "me.png", "image/png") });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthenticated");
    expect((await call(t.app, "/api/photos/nobody")).status).toBe(404);
  });

  it("renames the profile and the session user", async () => {
    const response = await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: "  Ân Nguyễn  " }, cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).displayName).toBe("Ân Nguyễn");
    expect((await (await call(t.app, "/api/profile", { cookie })).json()).displayName).toBe("Ân Nguyễn");
    expect((await session()).user.name).toBe("Ân Nguyễn");
    const longest = "x".repeat(40);
    expect((await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: longest }, cookie })).status).toBe(200);
    expect((await session()).user.name).toBe(longest);
  });

  it.each([
    ["an empty name", { displayName: "" }],
    ["a blank name", { displayName: "   " }],
    ["a 41-character name", { displayName: "x".repeat(41) }],
    ["a name that is not a string", { displayName: 42 }],
    ["no name", {}],
    ["an extra field", { displayName: "Ok", role: "admin" }],
    ["only another field", { photoURL: "https://evil.example/x.png" }],
  ])("refuses %s with 400 invalid-argument and changes nothing", async (_case, body) => {
    const before = (await session()).user.name;
    await expectInvalid(await call(t.app, "/api/profile", { method: "PATCH", body, cookie }));
    expect((await session()).user.name).toBe(before);
    const [profile] = await t.db.select().from(users).where(eq(users.uid, uid));
    expect(profile).toMatchObject({ displayName: before, role: "user" });
  });

  it("refuses a body that is not JSON", async () => {
    const response = await call(t.app, "/api/profile", {
      method: "PATCH",
      cookie,
      headers: { "Content-Type": "application/json" },
    });
    await expectInvalid(response, /JSON/);
  });

  it("refuses a signed-out rename with 401, and leaves no half-done rename without a profile", async () => {
    expect((await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: "Ghost" } })).status).toBe(401);
    const fresh = await signUp(t.app, "binh@example.vn", "correct horse battery", "Binh");
    const response = await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: "Bình" }, cookie: fresh });
    expect(response.status).toBe(404);
    const [account] = await t.db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.email, "binh@example.vn"));
    expect(account?.name).toBe("Binh");
  });
});
