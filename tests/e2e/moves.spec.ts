import common from "../../locales/vi/common.json" with { type: "json" };
import { authSettled, expect, hydrated, markDocument, memberInBrowser, test } from "./fixtures.ts";

test("a member moves between their daily pages in place: one document, back and forward restore each page, and a room opened in place is live", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, "Lan Di");
  await page.goto("/me");
  await hydrated(page);
  let sameDocument = await markDocument(page);
  const meHeading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";

  await page.locator('a[href="/me/bag"]:visible').first().click();
  await expect(page).toHaveURL(/\/me\/bag$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages.meBag.title);
  await expect(page).toHaveTitle(new RegExp(common.pages.meBag.title));
  await hydrated(page);
  expect(await sameDocument()).toBe(true);
  // The new page's heading has the focus, where a new document would start reading.
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(meHeading);
  await page.goForward();
  await expect(page).toHaveURL(/\/me\/bag$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages.meBag.title);
  expect(await sameDocument()).toBe(true);

  await page.locator('a[href^="/chat"]:visible').first().click();
  await expect(page).toHaveURL(/\/chat/);
  await page.goto("/chat?room=global-vi");
  await hydrated(page);
  sameDocument = await markDocument(page);
  await page.locator('a[href="/me"]:visible').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(meHeading);
  // Back to the room, in place: its live part starts again on the socket the document kept.
  await page.goBack();
  await expect(page).toHaveURL(/\/chat\?room=global-vi$/);
  await expect(page.locator('section[data-live="true"]')).toBeVisible();
  const text = `Chào từ trang chuyển tại chỗ ${Date.now()}`;
  const composer = page.getByRole("textbox").last();
  await composer.fill(text);
  await composer.press("Enter");
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  await page.context().close();
});

test("a page that cannot be shown in place is loaded as a document: a member whose session ended is sent to sign in", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, "Het Phien");
  await page.goto("/me");
  await hydrated(page);
  // The page checks the session once it is interactive; the session ends after that check, unseen.
  await authSettled(page);
  const sameDocument = await markDocument(page);
  await page.context().clearCookies();
  await page.locator('a[href="/me/bag"]:visible').first().click();
  await expect(page).toHaveURL(/\/login/);
  expect(await sameDocument()).toBe(false);
  await page.context().close();
});
