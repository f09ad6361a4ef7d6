import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { POINTS_BY_REASON } from "../../universal/contribution/contribution-levels.ts";
import type { Comment, Post } from "../../universal/feed/feed-limits.ts";
import { ensureContent } from "../content/content-store.ts";
import type { HubEvent } from "../realtime/hub.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { listPostsByAuthor } from "./list-posts.ts";

describe.each(testEngines)("the feed on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `feed-client-${++clientIds}-${Date.now()}`;

  async function post(who: TestMember, body: string, extra: Record<string, unknown> = {}): Promise<Post> {
    const response = await call(t.app, "/api/feed/posts", {
      cookie: who.cookie,
      body: { body, lang: "vi", clientId: clientId(), ...extra },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  }

  async function comment(who: TestMember, postId: number, body: string, parentId?: number): Promise<Response> {
    return call(t.app, `/api/feed/posts/${postId}/comments`, { cookie: who.cookie, body: { body, clientId: clientId(), parentId } });
  }

  const unread = async (who: TestMember) => (await (await call(t.app, "/api/notifications", { cookie: who.cookie })).json()).data;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("lets visitors read and members post, once per client id, with safe markdown and a linked entry, live on the language's topic", async () => {
    expect((await call(t.app, "/api/feed/posts")).status).toBe(200);
    expect((await call(t.app, "/api/feed/posts", { body: { body: "x", lang: "vi", clientId: clientId() } })).status).toBe(401);
    const an = await signUpMember(t, "An");
    const events: HubEvent[] = [];
    const stop = t.hub.listen("feed:vi", (event) => events.push(event));
    const id = clientId();
    const body = {
      body: "**Kiếm Sắt** rất tốt <script>alert(1)</script>",
      lang: "vi",
      clientId: id,
      entry: "item:iron-sword",
    };
    const first = await call(t.app, "/api/feed/posts", { cookie: an.cookie, body });
    expect(first.status).toBe(201);
    const created: Post = (await first.json()).data;
    expect(created).toMatchObject({
      lang: "vi",
      entry: {
        ref: "item:iron-sword",
        name: { vi: expect.any(String), en: expect.any(String) },
        href: "/equipments-items/detail?id=iron-sword",
      },
      likes: 0,
      comments: 0,
      liked: false,
    });
    expect(created.html).toContain("<strong>Kiếm Sắt</strong>");
    expect(created.html).not.toContain("<script>");
    const again = await call(t.app, "/api/feed/posts", { cookie: an.cookie, body });
    expect((await again.json()).data.id).toBe(created.id);
    stop();
    expect(events.filter((event) => event.type === "post")).toEqual([
      expect.objectContaining({ type: "post", id: created.id, topic: "feed:vi" }),
    ]);
    const visitor = (await (await call(t.app, `/api/feed/posts/${created.id}`)).json()).data;
    expect(visitor.body).toBe(body.body);
    expect(
      (
        await call(t.app, "/api/feed/posts", {
          cookie: an.cookie,
          body: { ...body, clientId: clientId(), entry: "item:no-such" },
        })
      ).status,
    ).toBe(400);
    expect((await call(t.app, "/api/feed/posts", { cookie: an.cookie, body: { ...body, clientId: clientId(), body: "   " } })).status).toBe(
      400,
    );
    expect((await call(t.app, "/api/feed/posts", { cookie: an.cookie, body: { ...body, clientId: clientId(), lang: "fr" } })).status).toBe(
      400,
    );
  });

  it("pages the newest posts by cursor without gaps or repeats, filters by language, and ranks the week's top", async () => {
    const binh = await signUpMember(t, "Bình");
    const mine: number[] = [];
    for (const text of ["một", "hai", "ba", "bốn"]) mine.push((await post(binh, `Bài ${text}`)).id);
    const english = (
      await (
        await call(t.app, "/api/feed/posts", { cookie: binh.cookie, body: { body: "English", lang: "en-US", clientId: clientId() } })
      ).json()
    ).data;
    const all: number[] = [];
    let cursor: number | null = null;
    do {
      const page: { data: Post[]; nextCursor: number | null } = await (
        await call(t.app, `/api/feed/posts?lang=vi&limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      ).json();
      all.push(...page.data.map((each) => each.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(all).toEqual(expect.arrayContaining(mine));
    expect(all).not.toContain(english.id);
    const liker = await signUpMember(t, "Cường");
    await call(t.app, `/api/feed/posts/${mine[1]}/like`, { method: "POST", cookie: liker.cookie });
    const top = (await (await call(t.app, "/api/feed/posts?lang=vi&sort=top&limit=1")).json()).data;
    expect(top[0].id).toBe(mine[1]);
    expect((await call(t.app, "/api/feed/posts?sort=best")).status).toBe(400);
    // Empty values mean no filter: the same first page as without them.
    const ids = async (query: string) => {
      const response = await call(t.app, `/api/feed/posts${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()).data as Post[]).map((each) => each.id);
    };
    const unfiltered = await ids("?limit=50");
    expect(unfiltered).toContain(english.id);
    expect(await ids("?sort=new&lang=&cursor=&limit=50")).toEqual(unfiltered);
    expect(await ids("?sort=&lang=&cursor=&limit=")).toEqual(await ids(""));
    expect((await call(t.app, `/api/feed/posts/${mine[0]}/comments?after=`)).status).toBe(200);
  });

  it("lists a member's visible posts for their profile, newest first, in pages without gaps or repeats", async () => {
    const dung = await signUpMember(t, "Dũng");
    const other = await signUpMember(t, "Giang");
    const moderator = await signUpMember(t, "Hải", { role: "moderator" });
    const mine: number[] = [];
    for (const text of ["một", "hai", "ba", "bốn", "năm"]) mine.push((await post(dung, `Của Dũng ${text}`)).id);
    await post(other, "Của Giang");
    // One hidden by a moderator, one deleted by its author: neither is listed.
    const [hidden, deleted] = [mine[1] as number, mine[3] as number];
    expect(
      (await call(t.app, `/api/feed/posts/${hidden}`, { method: "PATCH", cookie: moderator.cookie, body: { hidden: true } })).status,
    ).toBe(200);
    expect((await call(t.app, `/api/feed/posts/${deleted}`, { method: "DELETE", cookie: dung.cookie })).status).toBe(200);
    const shown: number[] = [];
    let cursor: number | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await listPostsByAuthor(t.db, null, dung.uid, { cursor, limit: 2 });
      expect(page.data.every((each) => each.author.uid === dung.uid)).toBe(true);
      shown.push(...page.data.map((each) => each.id));
      if (page.nextCursor === null) break;
      cursor = Number(page.nextCursor);
    }
    expect(shown).toEqual([mine[4], mine[2], mine[0]]);
    // The last page says so: no cursor to an empty page.
    expect((await listPostsByAuthor(t.db, null, dung.uid, { limit: 3 })).nextCursor).toBeNull();
    expect((await listPostsByAuthor(t.db, null, dung.uid, { limit: 2 })).nextCursor).toBe(String(mine[2]));
  });

  it("counts one like per member, undoes it, and groups like notifications while unread", async () => {
    const author = await signUpMember(t, "Dũng");
    const { id } = await post(author, "Ai thích không?");
    const fans = [await signUpMember(t, "Em"), await signUpMember(t, "Giang"), await signUpMember(t, "Hà")];
    for (const fan of fans)
      expect((await call(t.app, `/api/feed/posts/${id}/like`, { method: "POST", cookie: fan.cookie })).status).toBe(200);
    const twice = await call(t.app, `/api/feed/posts/${id}/like`, { method: "POST", cookie: fans[0]!.cookie });
    expect((await twice.json()).data).toEqual({ liked: true, likes: 3 });
    expect((await (await call(t.app, `/api/feed/posts/${id}`, { cookie: fans[0]!.cookie })).json()).data.liked).toBe(true);
    const likes = (await unread(author)).filter((each: { kind: string }) => each.kind === "like");
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ actor: { displayName: "Hà" }, data: { postId: id, others: 2 } });
    // Each like is a contribution point of the author's (the same day's unlike takes its point back).
    const points = async () => (await (await call(t.app, `/api/users/${author.uid}`)).json()).data.points;
    expect(await points()).toBe(3 * POINTS_BY_REASON["post-liked"]);
    const undone = await call(t.app, `/api/feed/posts/${id}/like`, { method: "DELETE", cookie: fans[0]!.cookie });
    expect((await undone.json()).data).toEqual({ liked: false, likes: 2 });
    expect(await points()).toBe(2 * POINTS_BY_REASON["post-liked"]);
    expect((await call(t.app, `/api/feed/posts/${id}/like`, { method: "POST" })).status).toBe(401);
  });

  it("counts each liker once in a grouped like notification: unliking and liking again is not one more", async () => {
    const author = await signUpMember(t, "Ích");
    const { id } = await post(author, "Thích rồi bỏ thích");
    const [lan, minh] = [await signUpMember(t, "Lan Ích"), await signUpMember(t, "Minh Ích")];
    const like = async (who: TestMember, on: boolean, path = `/api/feed/posts/${id}/like`) =>
      expect((await call(t.app, path, { method: on ? "POST" : "DELETE", cookie: who.cookie })).status).toBe(200);
    const grouped = async (commentId?: number) =>
      (await unread(author)).filter(
        (each: { kind: string; data: { postId: number; commentId?: number } }) =>
          each.kind === "like" && each.data.postId === id && each.data.commentId === commentId,
      );
    await like(lan, true);
    // The author likes their own post: no notice, and not one of the "others" either.
    await like(author, true);
    await like(lan, false);
    await like(lan, true);
    expect(await grouped()).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ displayName: "Lan Ích" }), data: expect.objectContaining({ others: 0 }) }),
    ]);
    await like(minh, true);
    await like(minh, false);
    await like(minh, true);
    expect(await grouped()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ displayName: "Minh Ích" }),
        data: expect.objectContaining({ others: 1 }),
      }),
    ]);
    // The same on a comment.
    const mine: Comment = (await (await comment(author, id, "Bình luận của tác giả")).json()).data;
    const onComment = `/api/feed/comments/${mine.id}/like`;
    for (const on of [true, false, true]) await like(lan, on, onComment);
    await like(minh, true, onComment);
    await like(lan, false, onComment);
    await like(lan, true, onComment);
    expect(await grouped(mine.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ commentId: mine.id, others: 1 }) })]);
  });

  it("tells members an edit names for the first time, once, and nobody the text named already", async () => {
    const author = await signUpMember(t, "Oanh Sửa");
    const first = await signUpMember(t, "Phúc Được Nhắc");
    const second = await signUpMember(t, "Quế Được Nhắc");
    const mentions = async (who: TestMember) =>
      (await unread(who)).filter((each: { kind: string }) => each.kind === "mention") as { data: { postId: number; commentId?: number } }[];
    const { id } = await post(author, "Chào @Phúc Được Nhắc");
    expect(await mentions(first)).toHaveLength(1);
    const edit = (body: string) => call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: author.cookie, body: { body } });
    expect((await edit("Chào @Phúc Được Nhắc và @Quế Được Nhắc")).status).toBe(200);
    expect(await mentions(first)).toHaveLength(1);
    expect((await mentions(second)).map((each) => each.data)).toEqual([expect.objectContaining({ postId: id })]);
    // Taken out and named again: not news.
    await edit("Chào @Phúc Được Nhắc");
    await edit("Chào @Phúc Được Nhắc và @Quế Được Nhắc!");
    expect(await mentions(second)).toHaveLength(1);

    // A comment's edit: the newly named is told; the post's author, told of the comment already, is not told again.
    const reply: Comment = (await (await comment(first, id, "Cảm ơn")).json()).data;
    const editComment = (body: string) =>
      call(t.app, `/api/feed/comments/${reply.id}`, { method: "PATCH", cookie: first.cookie, body: { body } });
    expect((await editComment("Cảm ơn @Quế Được Nhắc và @Oanh Sửa")).status).toBe(200);
    expect((await mentions(second)).filter((each) => each.data.commentId === reply.id)).toHaveLength(1);
    expect((await mentions(author)).filter((each) => each.data.commentId === reply.id)).toEqual([]);
    await editComment("Cảm ơn @Quế Được Nhắc và @Oanh Sửa nhiều");
    expect((await mentions(second)).filter((each) => each.data.commentId === reply.id)).toHaveLength(1);
  });

  it("takes comments with one level of replies, and notifies the post's author, the replied-to and the named", async () => {
    const lan = await signUpMember(t, "Lan Phương");
    const minh = await signUpMember(t, "Minh Quân");
    const nam = await signUpMember(t, "Nam Sơn");
    const { id } = await post(lan, "Hỏi về chế tạo");
    const first: Comment = (await (await comment(minh, id, "Cần 5 quặng sắt")).json()).data;
    const reply = await comment(lan, id, "Cảm ơn @Minh Quân, hỏi thêm @Nam Sơn", first.id);
    expect(reply.status).toBe(201);
    const replied: Comment = (await reply.json()).data;
    expect((await comment(nam, id, "Trả lời trả lời", replied.id)).status).toBe(400);
    expect((await comment(nam, 987654321, "Không có bài")).status).toBe(404);
    const thread: Comment[] = (await (await call(t.app, `/api/feed/posts/${id}/comments`)).json()).data;
    expect(thread.map((each) => [each.body, each.parentId])).toEqual([
      ["Cần 5 quặng sắt", null],
      ["Cảm ơn @Minh Quân, hỏi thêm @Nam Sơn", first.id],
    ]);
    expect((await (await call(t.app, `/api/feed/posts/${id}`)).json()).data.comments).toBe(2);
    expect((await unread(lan)).map((each: { kind: string }) => each.kind)).toContain("comment");
    expect((await unread(minh)).map((each: { kind: string }) => each.kind)).toContain("reply");
    expect((await unread(minh)).map((each: { kind: string }) => each.kind)).not.toContain("mention");
    expect((await unread(nam)).map((each: { kind: string }) => each.kind)).toContain("mention");

    // The author edits and deletes their own; nobody else can.
    expect(
      (await call(t.app, `/api/feed/comments/${first.id}`, { method: "PATCH", cookie: lan.cookie, body: { body: "sửa" } })).status,
    ).toBe(403);
    const edited = await call(t.app, `/api/feed/comments/${first.id}`, {
      method: "PATCH",
      cookie: minh.cookie,
      body: { body: "Cần 6 quặng sắt" },
    });
    expect((await edited.json()).data).toMatchObject({ body: "Cần 6 quặng sắt", editedAt: expect.any(Number) });
    expect((await call(t.app, `/api/feed/comments/${first.id}`, { method: "DELETE", cookie: minh.cookie })).status).toBe(200);
    // A deleted comment leaves with its replies, and the count follows.
    expect((await (await call(t.app, `/api/feed/posts/${id}/comments`)).json()).data).toEqual([]);
    expect((await (await call(t.app, `/api/feed/posts/${id}`)).json()).data.comments).toBe(1);
  });

  it("lets the author edit and delete a post, moderators pin it, and nobody else", async () => {
    const author = await signUpMember(t, "Oanh");
    const other = await signUpMember(t, "Phúc");
    const moderator = await signUpMember(t, "Quang", { role: "moderator" });
    const { id } = await post(author, "Bài để ghim");
    expect((await call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: other.cookie, body: { body: "x" } })).status).toBe(403);
    const moderate = (who: TestMember, change: object) =>
      call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: who.cookie, body: change });
    expect((await moderate(other, { pinned: true })).status).toBe(403);
    expect((await moderate(author, { hidden: true })).status).toBe(403);
    expect((await moderate(moderator, { pinned: true })).status).toBe(200);
    const first = await (await call(t.app, "/api/feed/posts?lang=vi")).json();
    expect(first.pinned.map((each: Post) => each.id)).toContain(id);
    expect(first.data.map((each: Post) => each.id)).not.toContain(id);
    const edited = await call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: author.cookie, body: { body: "Bài đã sửa" } });
    expect((await edited.json()).data).toMatchObject({ body: "Bài đã sửa", pinned: true });
    // A moderator hides it (gone for everyone, 404), then restores it; both are in the audit log.
    expect((await (await moderate(moderator, { hidden: true })).json()).data.id).toBe(id);
    expect((await call(t.app, `/api/feed/posts/${id}`)).status).toBe(404);
    expect((await call(t.app, `/api/feed/posts/${id}`, { method: "PATCH", cookie: author.cookie, body: { body: "lén sửa" } })).status).toBe(
      404,
    );
    // Moderators find it among the hidden posts, to restore; nobody else sees that list.
    const hiddenList = await call(t.app, "/api/feed/hidden", { cookie: moderator.cookie });
    expect((await hiddenList.json()).data).toContainEqual(
      expect.objectContaining({ id, author: { uid: author.uid, displayName: "Oanh" }, excerpt: "Bài đã sửa", hiddenBy: "Quang" }),
    );
    expect((await call(t.app, "/api/feed/hidden", { cookie: author.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/feed/hidden")).status).toBe(401);
    expect((await moderate(moderator, { hidden: false })).status).toBe(200);
    expect(
      (await (await call(t.app, "/api/feed/hidden", { cookie: moderator.cookie })).json()).data.map((each: Post) => each.id),
    ).not.toContain(id);
    expect((await (await call(t.app, `/api/feed/posts/${id}`)).json()).data).toMatchObject({ body: "Bài đã sửa", pinned: false });
    const sitemap = async () => (await call(t.app, "/sitemap.xml")).text();
    expect(await sitemap()).toContain(`/feed?id=${id}</loc>`);
    await moderate(moderator, { hidden: true });
    expect(await sitemap()).not.toContain(`/feed?id=${id}</loc>`);
    // Pinning a post that stays hidden is refused before anything is written (found by the API fuzz).
    expect((await moderate(moderator, { pinned: true })).status).toBe(404);
    await moderate(moderator, { hidden: false });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["post.hide", "post.hide", "post.hide", "post.hide", "post.pin"]);
    expect((await call(t.app, `/api/feed/posts/${id}`, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    expect((await call(t.app, `/api/feed/posts/${id}`, { method: "DELETE", cookie: author.cookie })).status).toBe(200);
    expect((await call(t.app, `/api/feed/posts/${id}`)).status).toBe(404);
  });

  it("sends posts and comments to the moderation queue: hiding takes them out, and a hidden post answers 404", async () => {
    const author = await signUpMember(t, "Rao Vặt");
    const reporter = await signUpMember(t, "Sáng");
    const moderator = await signUpMember(t, "Tâm", { role: "moderator" });
    const { id } = await post(author, "Bán vàng ngoài game");
    const bad: Comment = (await (await comment(author, id, "Liên hệ zalo")).json()).data;
    expect((await call(t.app, "/api/reports", { cookie: author.cookie, body: { kind: "post", id, reason: "x" } })).status).toBe(400);
    const onPost = (
      await (await call(t.app, "/api/reports", { cookie: reporter.cookie, body: { kind: "post", id, reason: "Lừa đảo" } })).json()
    ).data;
    const onComment = (
      await (await call(t.app, "/api/reports", { cookie: reporter.cookie, body: { kind: "comment", id: bad.id, reason: "Spam" } })).json()
    ).data;
    const queue = (await (await call(t.app, "/api/reports", { cookie: moderator.cookie })).json()).data;
    expect(queue.find((each: { id: number }) => each.id === onPost.id)?.context).toMatchObject({
      text: "Bán vàng ngoài game",
      link: `/feed?id=${id}`,
    });
    expect((await call(t.app, `/api/reports/${onComment.id}/resolve`, { cookie: moderator.cookie, body: { action: "hide" } })).status).toBe(
      200,
    );
    expect((await (await call(t.app, `/api/feed/posts/${id}`)).json()).data.comments).toBe(0);
    // Moderators find the hidden comment and restore it, audited; nobody else sees the list or may restore.
    const hiddenComments = async () => (await (await call(t.app, "/api/feed/comments/hidden", { cookie: moderator.cookie })).json()).data;
    expect(await hiddenComments()).toContainEqual(
      expect.objectContaining({ id: bad.id, postId: id, author: { uid: author.uid, displayName: "Rao Vặt" }, hiddenBy: "Tâm" }),
    );
    expect((await call(t.app, "/api/feed/comments/hidden", { cookie: reporter.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/feed/comments/hidden")).status).toBe(401);
    const restore = (who: TestMember) => call(t.app, `/api/feed/comments/${bad.id}/restore`, { method: "POST", cookie: who.cookie });
    expect((await restore(author)).status).toBe(403);
    expect((await restore(moderator)).status).toBe(200);
    expect((await restore(moderator)).status).toBe(404);
    expect((await hiddenComments()).map((each: { id: number }) => each.id)).not.toContain(bad.id);
    expect((await (await call(t.app, `/api/feed/posts/${id}`)).json()).data.comments).toBe(1);
    expect((await (await call(t.app, `/api/feed/posts/${id}/comments`)).json()).data.map((each: Comment) => each.body)).toEqual([
      "Liên hệ zalo",
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(bad.id)));
    expect(audit.filter((entry) => entry.targetKind === "comment").map((entry) => entry.action)).toContain("comment.restore");
    expect((await call(t.app, `/api/reports/${onPost.id}/resolve`, { cookie: moderator.cookie, body: { action: "delete" } })).status).toBe(
      200,
    );
    expect((await call(t.app, `/api/feed/posts/${id}`)).status).toBe(404);
    const listed = (await (await call(t.app, "/api/feed/posts?lang=vi&limit=50")).json()).data.map((each: Post) => each.id);
    expect(listed).not.toContain(id);
  });

  it("takes up to four images as multipart, re-encoded without metadata and with their size, served while the post is visible", async () => {
    const author = await signUpMember(t, "Vân");
    const moderator = await signUpMember(t, "Xuân", { role: "moderator" });
    // A 3,000 × 1,500 JPEG carrying EXIF (a camera model): it comes back as WebP, at most 1,600 wide, without it.
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#3a6" } })
      .jpeg()
      .withExif({ IFD0: { Model: "Secret Phone" } })
      .toBuffer();
    const form = (files: { bytes: Uint8Array; type: string }[], fields: Record<string, string> = {}) => {
      const data = new FormData();
      data.set("body", "Ảnh **đẹp**");
      data.set("lang", "vi");
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      for (const file of files) data.append("images", new Blob([new Uint8Array(file.bytes)], { type: file.type }), "photo.jpg");
      return data;
    };
    const posted = await call(t.app, "/api/feed/posts", {
      cookie: author.cookie,
      body: form([{ bytes: photo, type: "image/jpeg" }], { entry: "item:iron-sword" }),
    });
    expect(posted.status).toBe(201);
    const created: Post = (await posted.json()).data;
    expect(created.images).toEqual([{ url: expect.stringMatching(/^\/api\/feed\/images\/[A-Za-z0-9_-]+$/), width: 1600, height: 800 }]);
    expect(created.entry?.ref).toBe("item:iron-sword");
    const served = await call(t.app, created.images[0]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes("Secret Phone")).toBe(false);

    const tooMany = await call(t.app, "/api/feed/posts", {
      cookie: author.cookie,
      body: form(Array.from({ length: 5 }, () => ({ bytes: photo, type: "image/jpeg" }))),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.details).toMatchObject({ reason: "image-count" });
    const notImage = await call(t.app, "/api/feed/posts", {
      cookie: author.cookie,
      body: form([{ bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), type: "image/png" }]),
    });
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error.details).toMatchObject({ reason: "image-format" });
    const badField = await call(t.app, "/api/feed/posts", { cookie: author.cookie, body: form([], { lang: "fr" }) });
    expect(badField.status).toBe(400);
    expect((await call(t.app, "/api/feed/posts", { body: form([]) })).status).toBe(401);
    // Multipart goes to the posting route only.
    const elsewhere = await call(t.app, `/api/feed/posts/${created.id}/comments`, { cookie: author.cookie, body: form([]) });
    expect(elsewhere.status).toBe(415);

    await call(t.app, `/api/feed/posts/${created.id}`, { method: "PATCH", cookie: moderator.cookie, body: { hidden: true } });
    expect((await call(t.app, created.images[0]!.url)).status).toBe(404);
    expect((await call(t.app, "/api/feed/images/not-an-image-id!")).status).toBe(404);
  });

  it("tells a member posting too fast to wait, in words", async () => {
    const fast = await signUpMember(t, "Uyên");
    for (let index = 0; index < 5; index++) await post(fast, `Bài nhanh ${index}`);
    const refused = await call(t.app, "/api/feed/posts", {
      cookie: fast.cookie,
      body: { body: "một bài quá nhiều", lang: "vi", clientId: clientId() },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).error).toMatchObject({ code: "resource-exhausted", details: { reason: "rate-limit" } });
  });
});
