import common from "../../locales/vi/common.json" with { type: "json" };
import notes from "../../locales/vi/notes.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const unique = () => Math.random().toString(36).slice(2, 8);

test("a member writes a note with a checklist, ticks it in place, finds it without accents; a stale tab gets the conflict and both versions are kept", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, `Ghi ${unique()}`, "notes");
  await page.goto("/me/note");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meNote.title })).toBeVisible();
  await expect(page.getByText(notes.list.empty)).toBeVisible();
  await page.getByRole("link", { name: `+ ${notes.list.new}` }).click();

  // A new note: it saves itself once it has a title, and the address becomes the note's.
  await page.getByLabel(notes.editor.title, { exact: true }).fill("Nhiệm vụ tuần");
  await page.getByLabel(notes.editor.tags, { exact: true }).fill("boss, tuần");
  await page.getByLabel(notes.editor.body, { exact: true }).fill("**Việc cần làm**\n- [ ] Đánh boss Rồng\n- [ ] Bán Kiếm Sắt");
  const status = page.locator("[data-save-state]");
  await expect(status).toHaveAttribute("data-save-state", "saved");
  await expect(page).toHaveURL(/\/me\/note\/detail\?id=\d+&edit=1$/);
  const id = new URL(page.url()).searchParams.get("id");

  // The view ticks a checklist item in place, as a saved edit.
  await page.getByRole("button", { name: notes.detail.done }).click();
  const boss = page.getByRole("checkbox", { name: "Đánh boss Rồng" });
  await expect(boss).not.toBeChecked();
  await boss.click();
  await expect(boss).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: notes.detail.tickSaved })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("checkbox", { name: "Đánh boss Rồng" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Bán Kiếm Sắt" })).not.toBeChecked();

  // Two tabs edit the same note: the first save wins, the stale tab is told and keeps both texts.
  const first = page;
  const second = await page.context().newPage();
  for (const tab of [first, second]) {
    await tab.goto(`/me/note/detail?id=${id}&edit=1`);
    await hydrated(tab);
    await expect(tab.getByLabel(notes.editor.body, { exact: true })).toHaveValue(/Đánh boss Rồng/);
  }
  await first.getByLabel(notes.editor.body, { exact: true }).fill("Bản từ thẻ thứ nhất");
  await expect(first.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await second.getByLabel(notes.editor.body, { exact: true }).fill("Bản từ thẻ thứ hai");
  const conflict = second.getByRole("alert").filter({ hasText: notes.editor.conflict.title });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByLabel(notes.editor.conflict.mine)).toHaveValue(/Bản từ thẻ thứ hai/);
  await expect(conflict.getByLabel(notes.editor.conflict.theirs)).toHaveValue(/Bản từ thẻ thứ nhất/);
  // The second tab keeps its text as a new note, and takes the saved one here: nothing is lost.
  await conflict.getByRole("button", { name: notes.editor.conflict.saveCopy }).click();
  await expect(conflict).toBeHidden();
  await expect(second.getByLabel(notes.editor.body, { exact: true })).toHaveValue("Bản từ thẻ thứ nhất");
  await second.close();

  // Both versions are in the list, and the search ignores accents.
  await first.goto("/me/note?q=ban%20tu%20the");
  await hydrated(first);
  const list = first.getByRole("list", { name: notes.list.results });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("Bản từ thẻ thứ nhất");
  await expect(list).toContainText("Bản từ thẻ thứ hai");
  await first.getByRole("link", { name: "#boss" }).first().click();
  await expect(first).toHaveURL(/tag=boss/);
  await expect(first.getByRole("list", { name: notes.list.results }).getByRole("listitem")).toHaveCount(2);

  expect(await seriousViolationsAtEveryWidth(first)).toEqual([]);
  await first.goto(`/me/note/detail?id=${id}`);
  await hydrated(first);
  expect(await seriousViolationsAtEveryWidth(first)).toEqual([]);
  await first.goto(`/me/note/detail?id=${id}&edit=1`);
  await hydrated(first);
  await expect(first.getByLabel(notes.editor.body, { exact: true })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(first)).toEqual([]);
  await first.context().close();
});

test("another member's note is a 404, and a visitor is sent to sign in", async ({ browser }) => {
  const owner = await memberInBrowser(browser, `Chủ ${unique()}`, "notes");
  const created = await owner.page.request.post("/api/notes", {
    data: { title: "Bí mật", body: "chỉ tôi đọc" },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(created.status()).toBe(201);
  const { data } = await created.json();
  const other = await memberInBrowser(browser, `Khách ${unique()}`, "notes");
  const response = await other.page.goto(`/me/note/detail?id=${data.id}`);
  expect(response?.status()).toBe(404);
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signedOut = await visitor.newPage();
  await signedOut.goto(`/me/note/detail?id=${data.id}`);
  await expect(signedOut).toHaveURL(/\/login\?redirect=%2Fme%2Fnote%2Fdetail%3Fid%3D\d+/);
  await visitor.close();
  await owner.page.context().close();
  await other.page.context().close();
});

test("what a member types before the page's scripts have run is kept and saved once the editor wakes", async ({ browser }) => {
  const { page } = await memberInBrowser(browser, `Nhanh ${unique()}`, "notes");
  // A slow phone: the page's code arrives well after its HTML, and the member starts typing at once.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/me/note/detail", { waitUntil: "commit" });
  await page.getByLabel(notes.editor.title, { exact: true }).fill("Nhiệm vụ tuần");
  await page.getByLabel(notes.editor.body, { exact: true }).fill("- [ ] Đánh boss Rồng");
  await hydrated(page);
  await page.getByLabel(notes.editor.body, { exact: true }).press("End");
  await page.keyboard.type(" nhé");
  await expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await expect(page.getByLabel(notes.editor.title, { exact: true })).toHaveValue("Nhiệm vụ tuần");
  await expect(page.getByLabel(notes.editor.body, { exact: true })).toHaveValue("- [ ] Đánh boss Rồng nhé");
  await page.context().close();
});
