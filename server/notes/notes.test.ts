import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import type { Note } from "../../universal/notes/note-limits.ts";
import { call, createTestApp, signUpMember, type TestApp } from "../testing.ts";

describe.each(testEngines)("notes on %s", (engine) => {
  let t: TestApp;
  let clientIds = 0;
  const clientId = () => `note-client-${++clientIds}-${Date.now()}`;

  async function create(cookie: string, body: Record<string, unknown>): Promise<Note> {
    const response = await call(t.app, "/api/notes", { cookie, body: { clientId: clientId(), ...body } });
    expect(response.status).toBe(201);
    return (await response.json()).data;
  }

  const patch = (cookie: string, id: number, body: unknown) => call(t.app, `/api/notes/${id}`, { method: "PATCH", cookie, body });

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
  });
  afterAll(() => t.dispose());

  it("creates a note once per client id, with safe markdown, tags and checklist boxes", async () => {
    const an = (await signUpMember(t, "An")).cookie;
    const id = clientId();
    const body = {
      title: "  Việc tuần này ",
      body: "**Nhiệm vụ**\r\n- [ ] Đánh boss\n- [x] Bán đồ\n<script>alert(1)</script>",
      tags: ["boss", "#boss", "tuần"],
      clientId: id,
    };
    const first = await call(t.app, "/api/notes", { cookie: an, body });
    expect(first.status).toBe(201);
    const note: Note = (await first.json()).data;
    expect(note).toMatchObject({ title: "Việc tuần này", tags: ["boss", "tuần"], pinned: false, version: 1 });
    expect(note.body).toBe("**Nhiệm vụ**\n- [ ] Đánh boss\n- [x] Bán đồ\n<script>alert(1)</script>");
    expect(note.html).toContain("<strong>Nhiệm vụ</strong>");
    expect(note.html).not.toContain("<script>");
    expect(note.html).toContain('<input type="checkbox" data-task-line="1" aria-label="Đánh boss">');
    expect(note.html).toContain('<input type="checkbox" data-task-line="2" aria-label="Bán đồ" checked>');
    const again = await call(t.app, "/api/notes", { cookie: an, body });
    expect(again.status).toBe(201);
    expect((await again.json()).data.id).toBe(note.id);
    expect((await (await call(t.app, "/api/notes", { cookie: an })).json()).data).toHaveLength(1);
  });

  it("saves an edit that names the current version, and refuses a stale one with the current note, writing nothing", async () => {
    const binh = (await signUpMember(t, "Bình")).cookie;
    const note = await create(binh, { title: "Giá chợ", body: "- [ ] Kiếm Sắt 100" });
    const first = await patch(binh, note.id, { body: "- [x] Kiếm Sắt 100", version: 1 });
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ version: 2, body: "- [x] Kiếm Sắt 100" });
    const stale = await patch(binh, note.id, { body: "từ tab cũ", version: 1 });
    expect(stale.status).toBe(409);
    const refusal = await stale.json();
    expect(refusal.error).toMatchObject({
      code: "aborted",
      details: { version: 2, note: { id: note.id, version: 2, body: "- [x] Kiếm Sắt 100" } },
    });
    const now: Note = (await (await call(t.app, `/api/notes/${note.id}`, { cookie: binh })).json()).data;
    expect(now).toMatchObject({ version: 2, body: "- [x] Kiếm Sắt 100" });
    const pinned = await patch(binh, note.id, { pinned: true, tags: ["chợ"], version: 2 });
    expect((await pinned.json()).data).toMatchObject({ pinned: true, tags: ["chợ"], version: 3 });
  });

  it("lists pinned first, finds text without accents and filters by tag", async () => {
    const cuong = (await signUpMember(t, "Cường")).cookie;
    const quest = await create(cuong, { title: "Nhiệm vụ hằng ngày", body: "Giáp Rồng", tags: ["nhiệm-vụ"] });
    const older = await create(cuong, { title: "Ghi chú ghim", body: "100% chắc_chắn", pinned: true });
    await create(cuong, { title: "Khác", body: "không liên quan" });
    const list = async (query = "") =>
      ((await (await call(t.app, `/api/notes${query}`, { cookie: cuong })).json()).data as Note[]).map((each) => each.id);
    expect((await list())[0]).toBe(older.id);
    expect(await list("?q=nhiem%20vu")).toEqual([quest.id]);
    expect(await list("?q=GIAP%20RONG")).toEqual([quest.id]);
    expect(await list("?q=100%25")).toEqual([older.id]);
    expect(await list("?q=%25")).toEqual([older.id]);
    expect(await list("?q=_")).toEqual([older.id]);
    expect(await list(`?tag=${encodeURIComponent("nhiệm-vụ")}`)).toEqual([quest.id]);
  });

  it("lets only the owner read, change or delete a note: another member gets 404, a visitor 401", async () => {
    const owner = (await signUpMember(t, "Dũng")).cookie;
    const other = (await signUpMember(t, "Em")).cookie;
    const note = await create(owner, { title: "Bí mật", body: "chỉ tôi" });
    expect((await call(t.app, "/api/notes")).status).toBe(401);
    expect((await call(t.app, "/api/notes", { body: { title: "x", body: "" } })).status).toBe(401);
    expect((await call(t.app, `/api/notes/${note.id}`)).status).toBe(401);
    expect((await patch("", note.id, { title: "x", version: 1 })).status).toBe(401);
    expect((await call(t.app, `/api/notes/${note.id}`, { cookie: other })).status).toBe(404);
    expect((await patch(other, note.id, { title: "chiếm", version: 1 })).status).toBe(404);
    expect((await call(t.app, `/api/notes/${note.id}`, { method: "DELETE", cookie: other })).status).toBe(404);
    expect((await (await call(t.app, "/api/notes?q=bi%20mat", { cookie: other })).json()).data).toEqual([]);
    expect((await (await call(t.app, `/api/notes/${note.id}`, { cookie: owner })).json()).data.title).toBe("Bí mật");
    expect((await call(t.app, `/api/notes/${note.id}`, { method: "DELETE", cookie: owner })).status).toBe(200);
    expect((await call(t.app, `/api/notes/${note.id}`, { cookie: owner })).status).toBe(404);
    expect((await call(t.app, "/api/notes/abc", { cookie: owner })).status).toBe(404);
  });

  it("refuses bad input with 400 and the field named", async () => {
    const giang = (await signUpMember(t, "Giang")).cookie;
    const note = await create(giang, { title: "Ổn", body: "" });
    const bad = async (path: string, body: unknown, method = "POST") => {
      const response = await call(t.app, path, { method, cookie: giang, body });
      expect(response.status).toBe(400);
      return (await response.json()).error as { code: string; message: string };
    };
    expect(await bad("/api/notes", { title: "   ", body: "x" })).toMatchObject({
      code: "invalid-argument",
      message: expect.stringContaining("title"),
    });
    expect((await bad("/api/notes", { title: "x", body: "y".repeat(20_001) })).message).toContain("body");
    expect((await bad("/api/notes", { title: "x", body: "", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).message).toContain(
      "tags",
    );
    expect((await bad("/api/notes", { title: "x", body: "", tags: ["a,b"] })).message).toContain("tags");
    expect((await bad("/api/notes", { title: "x", body: "", owner: "someone" })).message).toContain("owner");
    expect((await bad(`/api/notes/${note.id}`, { title: "x" }, "PATCH")).message).toContain("version");
    expect((await bad(`/api/notes/${note.id}`, { title: "x", version: 0 }, "PATCH")).message).toContain("version");
    expect((await call(t.app, "/api/notes?q=%00", { cookie: giang })).status).toBe(400);
  });
});
