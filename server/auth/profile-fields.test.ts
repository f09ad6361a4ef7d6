import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUp, signUpMember, type TestApp } from "../testing.ts";

describe.each(testEngines)("name and photo through the identity provider on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  const stored = async (uid: string) => {
    const [user] = await t.db.select().from(authUsers).where(eq(authUsers.id, uid));
    const [profile] = await t.db.select().from(users).where(eq(users.uid, uid));
    return { name: user?.name, image: user?.image, displayName: profile?.displayName, photoURL: profile?.photoURL };
  };

  it.each([
    ["a photo from anywhere", { image: "https://tracker.example/pixel.png" }, "IMAGE_NOT_ALLOWED"],
    ["a photo removed", { image: null }, "IMAGE_NOT_ALLOWED"],
    ["a name of 41 characters", { name: "x".repeat(41) }, "INVALID_NAME"],
    ["a blank name", { name: "   " }, "INVALID_NAME"],
    ["a name that is not text", { name: 42 }, "INVALID_NAME"],
  ])("refuses %s at update-user and changes nothing", async (_case, body, code) => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Original", { email: "an@example.vn" });
    const response = await call(t.app, "/api/auth/update-user", { body, cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe(code);
    expect(await stored(uid)).toEqual({ name: "Original", image: null, displayName: "Original", photoURL: null });
  });

  it("takes a valid name at update-user, trimmed, and keeps the profile's display name in step", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Original", { email: "binh@example.vn" });
    const response = await call(t.app, "/api/auth/update-user", { body: { name: "  Bình An  " }, cookie });
    expect(response.status).toBe(200);
    expect(await stored(uid)).toEqual({ name: "Bình An", image: null, displayName: "Bình An", photoURL: null });
    expect((await (await call(t.app, "/api/profile", { cookie })).json()).displayName).toBe("Bình An");
  });

  it("answers the profile document field for field, while the database keeps the folded name in step for the directory", async () => {
    t = await createTestApp(engine);
    const { cookie, uid } = await signUpMember(t, "Original", { email: "dung@example.vn" });
    const patched = await call(t.app, "/api/profile", { method: "PATCH", body: { displayName: "Dũng Tuấn" }, cookie });
    expect(patched.status).toBe(200);
    const fields = ["createdAt", "displayName", "email", "lastLoginAt", "level", "photoURL", "role", "tag", "title", "uid", "updatedAt"];
    expect(Object.keys(await patched.json()).sort()).toEqual(fields);
    expect(Object.keys(await (await call(t.app, "/api/profile", { cookie })).json()).sort()).toEqual(fields);
    const [row] = await t.db.select({ folded: users.foldedName }).from(users).where(eq(users.uid, uid));
    expect(row?.folded).toBe("dung tuan");
  });

  it("refuses a photo or a name out of bounds at sign-up, and trims the name it takes", async () => {
    t = await createTestApp(engine);
    const withPhoto = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "chi@example.vn", password: "correct horse battery", name: "Chi", image: "https://tracker.example/pixel.png" },
    });
    expect(withPhoto.status).toBe(400);
    expect((await withPhoto.json()).code).toBe("IMAGE_NOT_ALLOWED");
    const longName = await call(t.app, "/api/auth/sign-up/email", {
      body: { email: "chi@example.vn", password: "correct horse battery", name: "x".repeat(41) },
    });
    expect(longName.status).toBe(400);
    expect((await longName.json()).code).toBe("INVALID_NAME");
    expect(await t.db.select().from(authUsers)).toEqual([]);
    await signUp(t.app, "chi@example.vn", "correct horse battery", " Chi ");
    const [user] = await t.db.select().from(authUsers);
    expect(user?.name).toBe("Chi");
  });
});
