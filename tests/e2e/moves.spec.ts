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

test("on a phone the menu fetches ahead the pages it moves to, so a tap shows one without waiting; a button pressed in the page forgets them", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, "Mo Truoc");
  await page.setViewportSize({ width: 390, height: 844 });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" || request.resourceType() === "document") asked.push(new URL(request.url()).pathname);
  });
  const askedFor = (path: string) => asked.filter((each) => each === path).length;
  const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await page.goto("/me");
  await hydrated(page);
  const sameDocument = await markDocument(page);
  const openMenu = () => page.getByRole("button", { name: common.nav.open }).click();

  let fetchedAhead: Promise<unknown> = Promise.all([answered("/me/bag"), answered("/me/note")]);
  await openMenu();
  await fetchedAhead;
  await page.getByRole("dialog", { name: common.nav.label }).getByRole("link", { name: common.pages.meBag.nav }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages.meBag.title);
  expect(askedFor("/me/bag")).toBe(1);
  expect(await sameDocument()).toBe(true);

  // From here the menu fetches ahead only what it has not: /me (it was the page shown), not /me/note again.
  fetchedAhead = Promise.all([answered("/me")]);
  await openMenu();
  await fetchedAhead;
  expect(askedFor("/me/note")).toBe(1);
  // A button pressed in the page may have changed what the pages show: they are asked for again.
  await page.keyboard.press("Escape");
  await page.evaluate(() => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: "probe" });
    document.querySelector("main")!.append(button);
    button.click();
  });
  fetchedAhead = Promise.all([answered("/me/note")]);
  await openMenu();
  await fetchedAhead;
  expect(askedFor("/me/note")).toBe(2);
  await page.context().close();
});

test("a page moved to in place shows its icons from its own sprite, and so does the page gone back to", async ({ browser }) => {
  const { page } = await memberInBrowser(browser, "Hoa Tieu");
  const origin = test.info().project.use.baseURL ?? "";
  const rows = ["iron-ore,,3,0,", "beast-hide,,5,2,", "frost-shard,,1,0,"];
  const imported = await page.request.post("/api/bag/import", {
    data: { csv: `itemId,name,quantity,enhancement,note\r\n${rows.join("\r\n")}\r\n`, mode: "replace" },
    headers: { Origin: origin },
  });
  expect(imported.status()).toBe(201);
  // The sprite a page's own document names in its head, and the one the document shown paints with.
  const ownSprite = async (path: string) =>
    /<style id="icon-sprite"[^>]*>:root\{--icon-sprite:url\(([^)]*)\)\}/.exec(await (await page.request.get(path)).text())?.[1] ?? "";
  const shownSprite = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--icon-sprite"));

  // An offer of an item from the bag: the form shows the item with its icon.
  const offerPath = "/me/make-offer?item=iron-ore";
  await page.goto(offerPath);
  await hydrated(page);
  const sameDocument = await markDocument(page);
  const offerSprite = await ownSprite(offerPath);
  const listSprite = await ownSprite("/me/bag");
  expect(offerSprite).not.toBe("");
  expect(listSprite).not.toBe("");
  expect(listSprite).not.toBe(offerSprite);

  await page.locator('a[href="/me/bag"]:visible').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages.meBag.title);
  await expect.poll(shownSprite).toContain(listSprite);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.pages.meMakeOffer.title);
  await expect.poll(shownSprite).toContain(offerSprite);
  await expect(page.locator("style#icon-sprite")).toHaveCount(1);
  expect(await sameDocument()).toBe(true);
  await page.context().close();
});
