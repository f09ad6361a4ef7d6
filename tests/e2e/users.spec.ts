import type { Browser } from "@playwright/test";
import me from "../../locales/vi/me.json" with { type: "json" };
import users from "../../locales/vi/users.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const origin = () => test.info().project.use.baseURL ?? "";

const member = (browser: Browser, name: string) => memberInBrowser(browser, name, "users");

/** A name no other journey's member has, with the diacritics the search must see through. */
const uniqueTuan = () => `Tuấn ${Math.random().toString(36).slice(2, 7)}`;

test("a visitor finds 'Tuấn' by typing 'tuan' and opens the profile", async ({ browser, page }) => {
  const name = uniqueTuan();
  const tuan = await member(browser, name);
  await tuan.page.context().close();

  await page.goto("/users");
  await hydrated(page);
  await page.getByLabel(users.search.label).fill(`tuan ${name.split(" ")[1]}`);
  await page.getByRole("button", { name: users.filters.apply }).click();
  await expect(page).toHaveURL(/[?&]q=tuan/);
  const card = page.getByRole("list", { name: users.list }).getByRole("link", { name: new RegExp(name) });
  await expect(card).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/users\\?id=${tuan.uid}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Thành viên từ /)).toBeVisible();
  // A visitor is offered a sign-in that comes back here, never the message button.
  await expect(page.locator("article").getByRole("link", { name: users.profile.signInAction })).toHaveAttribute(
    "href",
    `/login?redirect=${encodeURIComponent(`/users?id=${tuan.uid}`)}`,
  );
  await expect(page.getByRole("button", { name: users.profile.message })).toHaveCount(0);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});

test("a profile lists the member's posts, newest first, each opening its page, and says when no guide is published", async ({
  browser,
  page,
}) => {
  const name = uniqueTuan();
  const tuan = await member(browser, name);
  const texts = [`Bài đầu tiên của ${name}`, `Bài thứ hai của ${name}`];
  for (const body of texts) {
    const created = await tuan.page.request.post("/api/feed/posts", { data: { body, lang: "vi" }, headers: { Origin: origin() } });
    expect(created.status()).toBe(201);
  }
  await tuan.page.context().close();

  await page.goto(`/users?id=${tuan.uid}`);
  await hydrated(page);
  const posts = page.getByRole("region", { name: users.profile.posts.title });
  const items = posts.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(texts[1] ?? "");
  await expect(items.nth(1)).toContainText(texts[0] ?? "");
  await expect(page.getByRole("region", { name: users.profile.guides.title })).toContainText(
    users.profile.guides.none.replace("{{name}}", name),
  );
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await items.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/feed\?id=\d+$/);
  await expect(page.getByRole("article").getByText(texts[1] ?? "")).toBeVisible();
});

test("the directory works without JavaScript: the GET form searches and the URL can be shared", async ({ browser }) => {
  const name = uniqueTuan();
  const tuan = await member(browser, name);
  await tuan.page.context().close();
  const context = await browser.newContext({ baseURL: origin(), locale: "vi-VN", javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/users?sort=new");
  await page.getByLabel(users.search.label).fill(`TUAN ${name.split(" ")[1]}`);
  await page.getByLabel(users.search.label).press("Enter");
  await expect(page.getByRole("list", { name: users.list }).getByRole("link", { name: new RegExp(name) })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("sort")).toBe("new");
  await context.close();
});

test("a signed-in member sends a message from a profile and lands in the conversation", async ({ browser }) => {
  const name = uniqueTuan();
  const tuan = await member(browser, name);
  const lan = await member(browser, "Lan Nguyễn");
  await lan.page.goto(`/users?id=${tuan.uid}`);
  await hydrated(lan.page);
  await lan.page.getByRole("button", { name: users.profile.message }).click();
  await expect(lan.page).toHaveURL(/\/chat\?room=/);
  await expect(lan.page.locator('section[data-live="true"]')).toBeVisible();
  await expect(lan.page.getByText(name).first()).toBeVisible();
  await tuan.page.context().close();
  await lan.page.context().close();
});

test.describe("hiding", () => {
  // The hidden profile's page is a 404 document, which the browser logs.
  test.use({ expectedConsole: [/status of 404/] });

  test("a member hides their profile in /me and disappears from the directory", async ({ browser, page }) => {
    const name = uniqueTuan();
    const tuan = await member(browser, name);
    const search = `/users?q=${encodeURIComponent(name)}`;
    await page.goto(search);
    await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();

    await tuan.page.goto("/me");
    await hydrated(tuan.page);
    // A new member's contribution: level 1, no points, and how far level 2 is.
    const contribution = tuan.page.getByRole("region", { name: me.contribution.title });
    await expect(contribution).toContainText("Cấp 1 · 0 điểm");
    await expect(contribution.getByRole("progressbar")).toHaveAttribute("max", "10");
    const listed = tuan.page.getByRole("switch", { name: me.directory.listed });
    await expect(listed).toBeChecked();
    expect(await seriousViolationsAtEveryWidth(tuan.page)).toEqual([]);
    await listed.press("Space");
    await expect(tuan.page.getByText(me.directory.hidden)).toBeVisible();
    await expect(listed).not.toBeChecked();

    await page.goto(search);
    await expect(page.getByText(users.empty.title)).toBeVisible();
    const hidden = await page.goto(`/users?id=${tuan.uid}`);
    expect(hidden?.status()).toBe(404);
    // The member still sees their own page, told that it is hidden.
    await tuan.page.goto(`/users?id=${tuan.uid}`);
    await expect(tuan.page.getByText(users.profile.hidden)).toBeVisible();
    await tuan.page.context().close();
  });
});
