/**
 * Names that cannot impersonate: no control or invisible formatting characters,
 * no name that folds to a moderator's or an admin's, a provider's name cleaned rather than refused,
 * and a mention from the picker bound to a uid, so members who share a name can each be mentioned.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { mentionToken } from "../../universal/chat/mentions.ts";
import type { AppNotification } from "../../universal/notifications/notification-kinds.ts";
import { call, createTestApp, signUpMember, type TestApp, type TestMember } from "../testing.ts";

const refusedNames = [
  ["a right-to-left override (U+202E)", "Mod\u202EaoH"],
  ["a zero-width space (U+200B)", "Mod\u200BHoa"],
  ["a bell (U+0007)", "Mod\u0007Hoa"],
];

describe.each(testEngines)("display names on %s", (engine) => {
  let t: TestApp;
  let count = 0;
  let clientIds = 0;
  const clientId = () => `names-${++clientIds}-${Date.now()}`;

  const rename = (who: TestMember, displayName: string) =>
    call(t.app, "/api/profile", { method: "PATCH", body: { displayName }, cookie: who.cookie });
  const signUpAs = (name: string) =>
    call(t.app, "/api/auth/sign-up/email", { body: { email: `names-${++count}@example.vn`, password: "correct horse battery", name } });
  const nameOf = async (uid: string) => {
    const [profile] = await t.db.select({ name: users.displayName }).from(users).where(eq(users.uid, uid));
    const [identity] = await t.db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, uid));
    return { profile: profile?.name, identity: identity?.name };
  };
  const inbox = async (who: TestMember): Promise<AppNotification[]> =>
    (await (await call(t.app, "/api/notifications", { cookie: who.cookie })).json()).data;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
  });
  afterAll(() => t.dispose());

  it.each(refusedNames)("refuses %s in a profile update, at sign-up and at update-user, with its reason", async (_case, name) => {
    const an = await signUpMember(t, "An Tên");
    const patched = await rename(an, name);
    expect(patched.status).toBe(400);
    expect((await patched.json()).error).toMatchObject({ code: "invalid-argument", details: { reason: "name-characters" } });
    const signedUp = await signUpAs(name);
    expect(signedUp.status).toBe(400);
    expect((await signedUp.json()).code).toBe("NAME_CHARACTERS");
    const updated = await call(t.app, "/api/auth/update-user", { body: { name }, cookie: an.cookie });
    expect(updated.status).toBe(400);
    expect((await updated.json()).code).toBe("NAME_CHARACTERS");
    expect(await nameOf(an.uid)).toEqual({ profile: "An Tên", identity: "An Tên" });
  });

  it("accepts an emoji ZWJ sequence, and stores a name normalised (NFC, spaces collapsed)", async () => {
    const binh = await signUpMember(t, "Bình");
    const patched = await rename(binh, "Bình  👩‍💻");
    expect(patched.status).toBe(200);
    expect((await patched.json()).displayName).toBe("Bình 👩‍💻");
    expect((await rename(binh, "Ho\u0300a")).status).toBe(200);
    expect(await nameOf(binh.uid)).toEqual({ profile: "Hòa", identity: "Hòa" });
    expect((await signUpAs("Coder 👩‍💻")).status).toBe(200);
  });

  it("refuses a name that folds to a moderator's or an admin's (409 name-reserved), but not to a member's, nor the moderator their own", async () => {
    const moderator = await signUpMember(t, "Mod Hoa", { role: "moderator" });
    await signUpMember(t, "Quản Trị", { role: "admin" });
    const copycat = await signUpMember(t, "Kẻ Mạo Danh");
    for (const name of ["mod hòa", "MOD HOÀ", "  Mod   Hoa ", "quan tri"]) {
      const patched = await rename(copycat, name);
      expect(patched.status, name).toBe(409);
      expect((await patched.json()).error).toMatchObject({ code: "name-reserved", details: { reason: "name-reserved" } });
    }
    const signedUp = await signUpAs("mod hòa");
    expect(signedUp.status).toBe(409);
    expect((await signedUp.json()).code).toBe("NAME_RESERVED");
    const updated = await call(t.app, "/api/auth/update-user", { body: { name: "Mod Hòa" }, cookie: copycat.cookie });
    expect(updated.status).toBe(409);
    expect(await nameOf(copycat.uid)).toEqual({ profile: "Kẻ Mạo Danh", identity: "Kẻ Mạo Danh" });

    // A plain member's name may be shared; the moderator may write their own name another way.
    await signUpMember(t, "Lan Chung");
    expect((await rename(copycat, "lan chung")).status).toBe(200);
    expect((await rename(moderator, "mod hòa")).status).toBe(200);
  });

  it("cleans a provider's name at sync instead of refusing it, and falls back for a reserved or empty one", async () => {
    await signUpMember(t, "Mod Sync", { role: "moderator" });
    // What better-auth stores from an OpenID provider's `name` claim, as the next sync reads it.
    const provided = async (name: string) => {
      const someone = await signUpMember(t, `Tạm ${count}`);
      await t.db.update(authUsers).set({ name }).where(eq(authUsers.id, someone.uid));
      const synced = await call(t.app, "/api/profile/sync", { method: "POST", body: {}, cookie: someone.cookie });
      expect(synced.status).toBe(200);
      return { uid: someone.uid, displayName: (await synced.json()).displayName as string };
    };
    const dirty = await provided("\u202EAdmin\u200B Lan\u0007");
    expect(dirty.displayName).toBe("Admin Lan");
    expect(await nameOf(dirty.uid)).toEqual({ profile: "Admin Lan", identity: "Admin Lan" });
    const reserved = await provided("MOD SYNC");
    expect(reserved.displayName).toBe(`Member ${reserved.uid.slice(0, 6)}`);
    const empty = await provided("\u200B\u2066");
    expect(empty.displayName).toBe(`Member ${empty.uid.slice(0, 6)}`);
  });

  it("mentions two members who share a name by the picker's tokens, each notified, each linked to their own profile", async () => {
    const first = await signUpMember(t, "Lan Trùng");
    const second = await signUpMember(t, "Lan Trùng");
    const sender = await signUpMember(t, "Người Nhắc");
    const both = `${mentionToken({ uid: first.uid, displayName: first.name })} và ${mentionToken({ uid: second.uid, displayName: second.name })}`;

    // Typed, the shared name reaches nobody (it is ambiguous); picked, it reaches each.
    const typed = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: sender.cookie,
      body: { text: "@Lan Trùng ơi", clientId: clientId() },
    });
    expect(typed.status).toBe(201);
    expect(await inbox(first)).toEqual([]);
    const said = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: sender.cookie,
      body: { text: `${both} ơi`, clientId: clientId() },
    });
    expect(said.status).toBe(201);
    for (const each of [first, second])
      expect((await inbox(each)).map((notice) => [notice.kind, notice.data.excerpt])).toEqual([["mention", "@Lan Trùng và @Lan Trùng ơi"]]);

    // In the feed (by another sender, so the chat mention does not absorb it), the rendered post links each to their profile.
    const poster = await signUpMember(t, "Người Đăng Bài");
    const posted = await call(t.app, "/api/feed/posts", {
      cookie: poster.cookie,
      body: { body: `Chào ${both}`, lang: "vi", clientId: clientId() },
    });
    expect(posted.status).toBe(201);
    const { html } = (await posted.json()).data as { html: string };
    expect(html).toContain(`@<a href="/users?id=${first.uid}">Lan Trùng</a>`);
    expect(html).toContain(`@<a href="/users?id=${second.uid}">Lan Trùng</a>`);
    for (const each of [first, second]) expect((await inbox(each)).filter((notice) => notice.actor?.uid === poster.uid)).toHaveLength(1);

    // A token naming no member, or a link to someone's profile that is not a mention, notifies nobody.
    const quiet = await call(t.app, "/api/chat/rooms/global-vi/messages", {
      cookie: sender.cookie,
      body: { text: `@[Lan Trùng](/users?id=nobody-at-all) [Lan Trùng](/users?id=${first.uid})`, clientId: clientId() },
    });
    expect(quiet.status).toBe(201);
    expect(await inbox(first)).toHaveLength(2);
  });
});
