import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contributionTotals, guideRevisions, guides } from "../../db/schema/index.ts";
import { testEngines } from "../../db/testing.ts";
import { GUIDE_CATEGORIES } from "../../universal/content/pack-schema.ts";
import { memberGuideCategories, memberGuideId, type GuideDraft, type HiddenGuide } from "../../universal/guides/guide-limits.ts";
import { ensureContent } from "../content/content-store.ts";
import { call, createTestApp, signUpMember, silentLogger, type TestApp, type TestMember } from "../testing.ts";
import { setRole } from "../users/set-role.ts";
import { getPublishedGuide, listPublishedGuides } from "./guides.ts";

describe.each(testEngines)("member guides on %s", (engine) => {
  let t: TestApp;
  let moderator: TestMember;

  async function draft(who: TestMember, title: string, body = "## Mở đầu\n\nNội dung [Kiếm Sắt](item:iron-sword)."): Promise<GuideDraft> {
    const response = await call(t.app, "/api/guides", { cookie: who.cookie, body: { title, body, lang: "vi" } });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  }

  const post = (who: TestMember | null, path: string, body?: unknown) =>
    call(t.app, path, { method: "POST", cookie: who?.cookie, ...(body === undefined ? {} : { body }) });

  async function publish(author: TestMember, title: string): Promise<GuideDraft> {
    const guide = await draft(author, title);
    expect((await post(author, `/api/guides/${guide.id}/submit`)).status).toBe(200);
    const approved = await post(moderator, `/api/guides/${guide.id}/approve`);
    expect(approved.status).toBe(200);
    return (await approved.json()).data;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
    await ensureContent(t.db, silentLogger);
    moderator = await signUpMember(t, "Mod", { role: "moderator" });
  });
  afterAll(() => t.dispose());

  it("shares the pack's guide categories", () => {
    expect([...memberGuideCategories]).toEqual([...GUIDE_CATEGORIES]);
  });

  it("creates a draft with a version, once per client id", async () => {
    const an = await signUpMember(t, "An");
    const body = { title: "Hướng dẫn tân thủ", body: "Chào", lang: "vi", clientId: "guide-client-0001" };
    const first = await call(t.app, "/api/guides", { cookie: an.cookie, body });
    expect(first.status).toBe(201);
    const made: GuideDraft = (await first.json()).data;
    expect(made).toMatchObject({ title: "Hướng dẫn tân thủ", version: 1, status: "draft", language: "vi", published: false });
    const again = await call(t.app, "/api/guides", { cookie: an.cookie, body });
    expect((await again.json()).data.id).toBe(made.id);
    expect(await t.db.select().from(guides).where(eq(guides.authorUid, an.uid))).toHaveLength(1);
    expect((await call(t.app, "/api/guides", { body })).status).toBe(401);
    const bad = await call(t.app, "/api/guides", { cookie: an.cookie, body: { title: " ", body: "x", lang: "vi" } });
    expect(bad.status).toBe(400);
  });

  it("refuses a save from a stale version with 409 aborted and writes nothing", async () => {
    const an = await signUpMember(t, "An");
    const guide = await draft(an, "Luyện cấp");
    const saved = await call(t.app, `/api/guides/${guide.id}`, {
      method: "PATCH",
      cookie: an.cookie,
      body: { body: "Bản mới", version: guide.version },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ body: "Bản mới", version: guide.version + 1 });
    const stale = await call(t.app, `/api/guides/${guide.id}`, {
      method: "PATCH",
      cookie: an.cookie,
      body: { body: "Bản cũ từ tab khác", version: guide.version },
    });
    expect(stale.status).toBe(409);
    const answer = await stale.json();
    expect(answer.error.code).toBe("aborted");
    expect(answer.error.details.version).toBe(guide.version + 1);
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row).toMatchObject({ body: "Bản mới", version: guide.version + 1 });
  });

  it("keeps drafts to their author (and moderators): others get 404, or 403 for a moderator's edit", async () => {
    const an = await signUpMember(t, "An");
    const binh = await signUpMember(t, "Bình");
    const guide = await draft(an, "Bí mật");
    expect((await call(t.app, `/api/guides/${guide.id}`, { cookie: binh.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/guides/${guide.id}`, { cookie: moderator.cookie })).status).toBe(200);
    const edit = { method: "PATCH", body: { title: "Của tôi", version: 1 } };
    expect((await call(t.app, `/api/guides/${guide.id}`, { ...edit, cookie: binh.cookie })).status).toBe(404);
    expect((await call(t.app, `/api/guides/${guide.id}`, { ...edit, cookie: moderator.cookie })).status).toBe(403);
    expect((await post(binh, `/api/guides/${guide.id}/submit`)).status).toBe(404);
    const mine = await (await call(t.app, "/api/guides?author=me", { cookie: an.cookie })).json();
    expect(mine.data.map((each: GuideDraft) => each.id)).toContain(guide.id);
  });

  it("goes through review: sent back with a reason, then approved as revision 1, the author notified and awarded", async () => {
    const an = await signUpMember(t, "An");
    const guide = await draft(an, "Săn boss Rồng Lửa");
    expect((await post(moderator, `/api/guides/${guide.id}/approve`)).status).toBe(409);
    expect((await post(an, `/api/guides/${guide.id}/submit`)).status).toBe(200);
    const queue = await (await call(t.app, "/api/guides?status=review", { cookie: moderator.cookie })).json();
    expect(queue.data.map((each: GuideDraft) => each.id)).toContain(guide.id);
    expect((await call(t.app, "/api/guides?status=review", { cookie: an.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/guides?status=review")).status).toBe(401);

    expect((await post(moderator, `/api/guides/${guide.id}/reject`, { reason: "" })).status).toBe(400);
    const rejected = await post(moderator, `/api/guides/${guide.id}/reject`, { reason: "Thiếu ảnh chụp bản đồ" });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).data).toMatchObject({ status: "draft", rejectReason: "Thiếu ảnh chụp bản đồ" });
    const notes = await (await call(t.app, "/api/notifications", { cookie: an.cookie })).json();
    expect(notes.data[0]).toMatchObject({ kind: "guide-rejected", link: `/guide?edit=${guide.id}` });
    expect(notes.data[0].data.reason).toBe("Thiếu ảnh chụp bản đồ");

    expect((await post(an, `/api/guides/${guide.id}/submit`)).status).toBe(200);
    const approved = await post(moderator, `/api/guides/${guide.id}/approve`);
    expect(approved.status).toBe(200);
    expect((await approved.json()).data).toMatchObject({ status: "published", published: true, rejectReason: null });
    const revisions = await t.db.select().from(guideRevisions).where(eq(guideRevisions.guideId, guide.id));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ number: 1, title: "Săn boss Rồng Lửa", approvedBy: moderator.uid });
    const after = await (await call(t.app, "/api/notifications", { cookie: an.cookie })).json();
    expect(after.data[0]).toMatchObject({ kind: "guide-approved", link: `/guide?id=${memberGuideId(guide.id)}`, read: false });
    const [totals] = await t.db.select().from(contributionTotals).where(eq(contributionTotals.uid, an.uid));
    expect(totals?.points).toBeGreaterThan(0);
    expect((await post(moderator, `/api/guides/${guide.id}/approve`)).status).toBe(409);
  });

  it("keeps the published revision up while an edit is in review, and adds revision 2 on approval", async () => {
    const an = await signUpMember(t, "An");
    const guide = await publish(an, "Chế tạo giáp");
    const edited = await call(t.app, `/api/guides/${guide.id}`, {
      method: "PATCH",
      cookie: an.cookie,
      body: { title: "Chế tạo giáp (bản 2)", version: guide.version },
    });
    expect((await edited.json()).data).toMatchObject({ status: "draft", published: true });
    expect((await getPublishedGuide(t.db, guide.id))?.revision.title).toBe("Chế tạo giáp");
    await post(an, `/api/guides/${guide.id}/submit`);
    await post(moderator, `/api/guides/${guide.id}/approve`);
    const shown = await getPublishedGuide(t.db, guide.id);
    expect(shown?.revision.title).toBe("Chế tạo giáp (bản 2)");
    expect(shown?.revisions.map((each) => each.number)).toEqual([2, 1]);
    expect((await getPublishedGuide(t.db, guide.id, 1))?.revision.title).toBe("Chế tạo giáp");
    const [totals] = await t.db.select().from(contributionTotals).where(eq(contributionTotals.uid, an.uid));
    expect(totals?.points).toBe(20);
  });

  it("does not let a moderator approve their own guide", async () => {
    const own = await draft(moderator, "Của người duyệt");
    await post(moderator, `/api/guides/${own.id}/submit`);
    expect((await post(moderator, `/api/guides/${own.id}/approve`)).status).toBe(403);
  });

  it("lists published guides in search (accent-insensitive) and in the sitemap, and no longer once deleted", async () => {
    const an = await signUpMember(t, "An");
    const guide = await publish(an, "Cẩm nang Đảo Mây Trôi");
    const search = await (await call(t.app, "/api/v1/search?q=dao%20may%20troi")).json();
    expect(search.data).toContainEqual(expect.objectContaining({ kind: "guides", id: memberGuideId(guide.id) }));
    const draftOnly = await draft(an, "Đảo Mây Trôi bản nháp");
    const again = await (await call(t.app, "/api/v1/search?q=dao%20may%20troi")).json();
    expect(again.data.map((hit: { id: string }) => hit.id)).not.toContain(memberGuideId(draftOnly.id));
    const sitemap = await (await call(t.app, "/sitemap.xml")).text();
    expect(sitemap).toContain(`/guide?id=${memberGuideId(guide.id)}`);
    const listed = await (await call(t.app, "/api/guides")).json();
    expect(listed.data.map((each: { id: number }) => each.id)).toContain(guide.id);

    expect((await call(t.app, `/api/guides/${guide.id}`, { method: "DELETE", cookie: an.cookie })).status).toBe(200);
    const gone = await (await call(t.app, "/api/v1/search?q=dao%20may%20troi")).json();
    expect(gone.data.map((hit: { id: string }) => hit.id)).not.toContain(memberGuideId(guide.id));
    expect(await getPublishedGuide(t.db, guide.id)).toBeNull();
  });

  it("lists one member's published guides for their profile, newest first: not drafts, hidden or deleted ones, nor others'", async () => {
    const an = await signUpMember(t, "An");
    const other = await signUpMember(t, "Bảo");
    const first = await publish(an, "Hướng dẫn thứ nhất");
    const second = await publish(an, "Hướng dẫn thứ hai");
    const removed = await publish(an, "Hướng dẫn đã xoá");
    const hidden = await publish(an, "Hướng dẫn bị ẩn");
    await draft(an, "Bản nháp của An");
    await publish(other, "Hướng dẫn của Bảo");
    expect((await call(t.app, `/api/guides/${removed.id}`, { method: "DELETE", cookie: an.cookie })).status).toBe(200);
    await t.db.update(guides).set({ hiddenAt: Date.now() }).where(eq(guides.id, hidden.id));
    const listed = await listPublishedGuides(t.db, { authorUid: an.uid });
    expect(listed.map((each) => each.title)).toEqual(["Hướng dẫn thứ hai", "Hướng dẫn thứ nhất"]);
    expect(listed[0]).toMatchObject({ id: second.id, author: { uid: an.uid, displayName: "An" }, language: "vi" });
    expect((await listPublishedGuides(t.db, { authorUid: an.uid, limit: 1 })).map((each) => each.id)).toEqual([second.id]);
    expect((await listPublishedGuides(t.db)).map((each) => each.id)).toContain(first.id);
  });

  it("renders a preview with the safe rules", async () => {
    const an = await signUpMember(t, "An");
    const response = await post(an, "/api/guides/preview", { body: "<b>x</b> [Kiếm](item:iron-sword)" });
    const { data } = await response.json();
    expect(data.html).toContain("&lt;b&gt;");
    expect(data.html).toContain('href="/equipments-items/detail?id=iron-sword"');
    expect((await post(null, "/api/guides/preview", { body: "x" })).status).toBe(401);
  });

  it("takes a reported guide out of /guide and search when a moderator hides it, until a new revision is approved", async () => {
    const an = await signUpMember(t, "An");
    const reader = await signUpMember(t, "Đọc");
    const guide = await publish(an, "Mẹo câu cá Hồ Sương");
    const own = await call(t.app, "/api/reports", { cookie: an.cookie, body: { kind: "guide", id: String(guide.id), reason: "Spam" } });
    expect(own.status).toBe(400);
    const filed = await call(t.app, "/api/reports", {
      cookie: reader.cookie,
      body: { kind: "guide", id: String(guide.id), reason: "Spam" },
    });
    expect(filed.status).toBe(201);
    const report = (await filed.json()).data;
    const queue = await (await call(t.app, "/api/reports?status=open", { cookie: moderator.cookie })).json();
    const listed = queue.data.find((each: { id: number }) => each.id === report.id);
    expect(listed.context).toMatchObject({ where: { kind: "guide" }, link: `/guide?id=${memberGuideId(guide.id)}`, removed: false });
    const resolved = await call(t.app, `/api/reports/${report.id}/resolve`, {
      cookie: moderator.cookie,
      body: { action: "hide", note: "" },
    });
    expect(resolved.status).toBe(200);

    expect(await getPublishedGuide(t.db, guide.id)).toBeNull();
    const search = await (await call(t.app, "/api/v1/search?q=cau%20ca%20ho%20suong")).json();
    expect(search.data.map((hit: { id: string }) => hit.id)).not.toContain(memberGuideId(guide.id));
    const mine = await (await call(t.app, "/api/guides?author=me", { cookie: an.cookie })).json();
    expect(mine.data.find((each: GuideDraft) => each.id === guide.id)).toMatchObject({ hidden: true, published: true });
    expect(
      (await call(t.app, "/api/reports", { cookie: reader.cookie, body: { kind: "guide", id: String(guide.id), reason: "Spam" } })).status,
    ).toBe(404);

    await call(t.app, `/api/guides/${guide.id}`, { method: "PATCH", cookie: an.cookie, body: { body: "Đã sửa", version: guide.version } });
    await post(an, `/api/guides/${guide.id}/submit`);
    // The new version reaches the moderators' queue, flagged as a guide they had hidden.
    const review = await (await call(t.app, "/api/guides?status=review", { cookie: moderator.cookie })).json();
    expect(review.data.find((each: GuideDraft) => each.id === guide.id)).toMatchObject({ status: "review", hidden: true, body: "Đã sửa" });
    expect((await post(moderator, `/api/guides/${guide.id}/approve`)).status).toBe(200);
    expect((await getPublishedGuide(t.db, guide.id))?.revisions).toHaveLength(2);
    // Approving it undid the hide: the audit log says so, as it does for the restore button.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(guide.id)));
    expect(audit.filter((entry) => entry.targetKind === "guide").map((entry) => [entry.action, entry.before, entry.after])).toContainEqual([
      "guide.approve",
      { status: "review", hidden: true },
      { status: "published", hidden: false, revision: expect.any(Number) },
    ]);
  });

  it("lets a moderator restore a hidden guide, audited: its last approved version is public again", async () => {
    const an = await signUpMember(t, "An");
    const other = await signUpMember(t, "Cúc");
    const guide = await publish(an, "Bản đồ Thung Lũng Gió");
    const hide = async () => {
      const filed = await call(t.app, "/api/reports", {
        cookie: other.cookie,
        body: { kind: "guide", id: String(guide.id), reason: "Sai" },
      });
      expect(filed.status).toBe(201);
      const report = (await filed.json()).data;
      const resolved = await call(t.app, `/api/reports/${report.id}/resolve`, { cookie: moderator.cookie, body: { action: "hide" } });
      expect(resolved.status).toBe(200);
    };
    await hide();
    const hidden = async () => (await (await call(t.app, "/api/guides/hidden", { cookie: moderator.cookie })).json()).data as HiddenGuide[];
    expect((await hidden()).find((each) => each.id === guide.id)).toMatchObject({
      title: "Bản đồ Thung Lũng Gió",
      author: { uid: an.uid, displayName: "An" },
      inReview: false,
    });
    expect((await call(t.app, "/api/guides/hidden", { cookie: an.cookie })).status).toBe(403);
    expect((await call(t.app, "/api/guides/hidden")).status).toBe(401);
    expect((await post(an, `/api/guides/${guide.id}/restore`)).status).toBe(403);
    expect((await post(null, `/api/guides/${guide.id}/restore`)).status).toBe(401);
    expect(await getPublishedGuide(t.db, guide.id)).toBeNull();

    const restored = await post(moderator, `/api/guides/${guide.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await restored.json()).data).toMatchObject({ id: guide.id, hidden: false, published: true });
    expect((await getPublishedGuide(t.db, guide.id))?.revision.title).toBe("Bản đồ Thung Lũng Gió");
    expect((await hidden()).map((each) => each.id)).not.toContain(guide.id);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(guide.id)));
    expect(audit.filter((entry) => entry.targetKind === "guide").map((entry) => entry.action)).toContain("guide.restore");
    // Not hidden any more: nothing to restore.
    expect((await post(moderator, `/api/guides/${guide.id}/restore`)).status).toBe(404);

    // A moderator's own hidden guide is another moderator's to restore.
    const own = await publish(other, "Của người sẽ làm điều hành");
    await t.db.update(guides).set({ hiddenAt: Date.now() }).where(eq(guides.id, own.id));
    await setRole(t.db, { email: other.email }, "moderator");
    expect((await post(other, `/api/guides/${own.id}/restore`)).status).toBe(403);
    expect((await post(moderator, `/api/guides/${own.id}/restore`)).status).toBe(200);
  });
});
