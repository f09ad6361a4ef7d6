import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { authSessions, authUsers, users } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, signUpMember, type TestApp } from "../testing.ts";
import { getViewerAndSession, sessionToken } from "./viewer.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines)("the viewer of a request on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.dispose();
  });

  const viewerOf = (cookie: string) => getViewerAndSession(t.auth, t.db, new Headers({ cookie }));

  it("reads the session cookie as better-auth's own get-session does", async () => {
    t = await createTestApp(engine);
    const member = await signUpMember(t, "Lan");
    const read = await viewerOf(`theme=dark; ${member.cookie}; lang=vi`);
    const { session, user } = await (await call(t.app, "/api/auth/get-session", { cookie: member.cookie })).json();
    expect(read?.sessionId).toBe(session.id);
    expect(read?.viewer).toMatchObject({ uid: user.id, email: member.email, name: "Lan", role: "user" });
    expect(read?.viewer.signedInAt).toBe(new Date(session.createdAt).getTime());
    expect(await sessionToken(t.auth, member.cookie)).toBe(session.token);
  });

  it("is nobody with a cookie whose token or signature was changed, or that names no session", async () => {
    t = await createTestApp(engine);
    const member = await signUpMember(t, "Minh");
    const [name, value] = member.cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const token = decoded.slice(0, dot);
    const signature = decoded.slice(dot + 1);
    const forgedToken = `${name}=${encodeURIComponent(`${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}.${signature}`)}`;
    const forgedSignature = `${name}=${encodeURIComponent(`${token}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`)}`;
    const unsigned = `${name}=${encodeURIComponent(token)}`;
    const stray = `${name}=${encodeURIComponent(`${token}.${signature.slice(0, 10)}!${signature.slice(10)}`)}`;
    for (const cookie of [forgedToken, forgedSignature, unsigned, stray, `${name}=%E0%A4%A`, `${name}=`]) {
      expect(await viewerOf(cookie)).toBeNull();
    }
    await t.db.delete(authSessions).where(eq(authSessions.token, token));
    expect(await viewerOf(member.cookie)).toBeNull();
  });

  it("is nobody once the session expired, outlived the absolute lifetime, or the account is banned", async () => {
    t = await createTestApp(engine);
    const member = await signUpMember(t, "Ngoc");
    expect(await viewerOf(member.cookie)).not.toBeNull();
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(authSessions.userId, member.uid));
    expect(await viewerOf(member.cookie)).toBeNull();
    await t.db
      .update(authSessions)
      .set({ createdAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, member.uid));
    expect(await viewerOf(member.cookie)).toBeNull();
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(authSessions.userId, member.uid));
    expect(await viewerOf(member.cookie)).not.toBeNull();
    await t.db.update(authUsers).set({ banned: true, banExpires: null }).where(eq(authUsers.id, member.uid));
    expect(await viewerOf(member.cookie)).toBeNull();
    await t.db
      .update(authUsers)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(authUsers.id, member.uid));
    expect(await viewerOf(member.cookie)).not.toBeNull();
  });

  it("takes the role and name from the profile, never from the request", async () => {
    t = await createTestApp(engine);
    const member = await signUpMember(t, "Phuong");
    await t.db.update(users).set({ role: "moderator", displayName: "Phượng" }).where(eq(users.uid, member.uid));
    const read = await viewerOf(member.cookie);
    expect(read?.viewer).toMatchObject({ role: "moderator", name: "Phượng" });
  });
});
