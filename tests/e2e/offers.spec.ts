import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import common from "../../locales/vi/common.json" with { type: "json" };
import moderation from "../../locales/vi/moderation.json" with { type: "json" };
import offers from "../../locales/vi/offers.json" with { type: "json" };
import reputation from "../../locales/vi/reputation.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, openFollowing, scrollToMarket, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const member = (browser: Browser, name: string) => memberInBrowser(browser, name, "offers");
const unique = () => Math.random().toString(36).slice(2, 8);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

/** Posts an iron sword's offer through the API as the page's member, expects it made, and answers its id. */
async function postOffer(
  page: Page,
  offer: { side: "buy" | "sell"; unitPrice: number; characterName: string; quantity?: number; server?: string; expiresInDays?: number },
): Promise<number> {
  const posted = await page.request.post("/api/offers", {
    data: { itemId: "iron-sword", quantity: 1, server: "suong-mai", expiresInDays: 3, ...offer },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()).data as { id: number }).id;
}

/** Touch targets of at least 24 px at a phone's width (axe's `target-size`), the page's own parts included. */
async function smallTargets(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 900 });
  const found = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  return found.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")));
}

/** Picks an item in the form's picker by typing a name without its accents, as players do. */
async function pickItem(page: Page, typed: string, name: string): Promise<void> {
  await page.getByLabel(offers.form.item).fill(typed);
  await page.getByRole("option", { name, exact: true }).click();
  await expect(page.getByTestId("picked-item")).toHaveText(name);
}

/** Opens an offer's page and waits until its thread follows the offer live. */
async function openOffer(page: Page, id: string): Promise<void> {
  const subscribed = page.waitForEvent("websocket").then((socket) =>
    socket.waitForEvent("framereceived", {
      predicate: (frame) => String(frame.payload).includes('"subscribed"') && String(frame.payload).includes(`"offer:${id}"`),
    }),
  );
  await page.goto(`/me/make-offer/detail?id=${id}`);
  await hydrated(page);
  await subscribed;
}

test("two members trade: a sell offer, a reply, a reservation, both confirm, both leave feedback; a price alert fires", async ({
  browser,
}) => {
  const lan = await member(browser, `Lan ${unique()}`);
  const minh = await member(browser, `Minh ${unique()}`);
  const character = `Lan Kiếm ${unique()}`;

  // Minh wants to know when Kiếm Sắt sells for 2,000 gold or less.
  await minh.page.goto("/me/make-offer");
  await hydrated(minh.page);
  await minh.page.getByRole("button", { name: offers.alerts.add }).click();
  await pickItem(minh.page, "kiem sat", "Kiếm Sắt");
  await minh.page.getByLabel(offers.alerts.maxPrice).fill("2.000");
  await minh.page.getByRole("button", { name: offers.alerts.submit }).click();
  await expect(minh.page.locator("#main").getByRole("status")).toHaveText(offers.alerts.added);
  await expect(minh.page.getByText(/Kiếm Sắt: có người bán từ 2\.000 vàng trở xuống/)).toBeVisible();
  await openFollowing(minh.page, "/me/make-offer");

  // Lan posts a sell offer: three swords at 1.500 gold each.
  await lan.page.goto("/me/make-offer");
  await hydrated(lan.page);
  await lan.page.getByRole("button", { name: offers.form.open }).click();
  await pickItem(lan.page, "kiem sat", "Kiếm Sắt");
  await lan.page.getByLabel(offers.fields.quantity).fill("3");
  await lan.page.getByLabel(offers.form.unitPrice).fill("1.500");
  await expect(lan.page.getByText(fill(offers.form.total, { total: "4.500 vàng" }))).toBeVisible();
  await lan.page.getByLabel(offers.fields.characterName).fill(character);
  await lan.page.getByRole("button", { name: offers.form.submit, exact: true }).click();
  await lan.page.waitForURL(/\/me\/make-offer\/detail\?id=\d+/);
  const url = new URL(lan.page.url());
  const id = url.searchParams.get("id") ?? "";
  await hydrated(lan.page);
  await expect(lan.page.getByRole("heading", { level: 1 })).toHaveText(fill(offers.detail.title.sell, { item: "Kiếm Sắt" }));
  await expect(lan.page.getByTestId("offer-state-text")).toHaveText(offers.state.openOwner);

  // The alert fires: Minh's bell lights without a reload. Journeys running beside this one may sell
  // swords cheaply too, so the count may be higher; the notice for Lan's offer must be among them.
  const unread = new RegExp(`^${fill(common.notificationBell.unread_other, { count: "\\d+" })}$`);
  await expect(minh.page.getByRole("banner").getByRole("link", { name: unread })).toBeVisible();
  const notices = await minh.page.request.get("/api/notifications");
  expect(notices.status()).toBe(200);
  const listed = (await notices.json()) as { data: { kind: string; link: string | null }[] };
  expect(listed.data).toContainEqual(expect.objectContaining({ kind: "price-alert", link: `/me/make-offer/detail?id=${id}` }));

  // The item's page lists the open offer in its book, cheapest first.
  await minh.page.goto("/equipments-items/detail?id=iron-sword");
  await hydrated(minh.page);
  await scrollToMarket(minh.page);
  const sells = minh.page.getByRole("region", { name: new RegExp(`^${offers.market.sells}`) });
  const row = sells.locator(`[data-offer-id="${id}"]`);
  await expect(row).toContainText(character);
  await expect(row).toContainText("1.500 vàng");
  await expect(row.locator("[data-presence]")).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(minh.page)).toEqual([]);
  expect(await smallTargets(minh.page)).toEqual([]);

  // Minh replies from the book; Lan's page shows it live.
  await openOffer(lan.page, id);
  await row.getByRole("link", { name: fill(offers.market.sellReply, { name: character }) }).click();
  await minh.page.waitForURL(`**/me/make-offer/detail?id=${id}`);
  await hydrated(minh.page);
  await expect(minh.page.getByTestId("offer-state-text")).toHaveText(offers.state.open);
  await minh.page.getByLabel(offers.thread.label).fill("Mình lấy cả 3 cây, 20h gặp ở chợ nhé");
  await minh.page.getByRole("button", { name: offers.thread.send }).click();
  // The send button waits for the next draft: the member stays where they write.
  await expect(minh.page.getByLabel(offers.thread.label)).toBeFocused();
  await expect(minh.page.getByRole("list", { name: offers.thread.heading })).toContainText("Mình lấy cả 3 cây");
  await expect(lan.page.getByRole("list", { name: offers.thread.heading })).toContainText("Mình lấy cả 3 cây");

  // Lan reserves it for Minh; Minh's page follows.
  await lan.page.getByRole("button", { name: fill(offers.actions.reserve, { name: minh.name }) }).click();
  await expect(lan.page.getByTestId("offer-state-text")).toHaveText(fill(offers.state.reserved, { name: minh.name }));
  // The button is gone with the move: the focus is on what the move says, not lost to the page.
  await expect(lan.page.getByRole("status").filter({ hasText: fill(offers.reserve.done, { name: minh.name }) })).toBeFocused();
  await expect(minh.page.getByTestId("offer-state-text")).toHaveText(fill(offers.state.reservedForYou, { name: lan.name }));
  expect(await seriousViolationsAtEveryWidth(minh.page)).toEqual([]);
  expect(await smallTargets(minh.page)).toEqual([]);

  // Both confirm: the second completes the trade.
  await lan.page.getByRole("button", { name: offers.actions.confirm }).click();
  await expect(lan.page.getByText(offers.confirm.mineDone)).toBeVisible();
  await expect(minh.page.getByText(fill(offers.confirm.otherDone, { name: lan.name }))).toBeVisible();
  await minh.page.getByRole("button", { name: offers.actions.confirm }).click();
  await expect(minh.page.getByTestId("offer-state-text")).toHaveText(offers.state.completed);
  await expect(lan.page.getByTestId("offer-state-text")).toHaveText(offers.state.completed);

  // Each leaves feedback once. Both accounts are minutes old: the feedback shows, marked as not
  // counted in the totals (FEEDBACK_MIN_ACCOUNT_AGE_HOURS, 72 by default), and each is told so.
  for (const [trader, other, comment] of [
    [minh, lan, "Giao nhanh, uy tín"],
    [lan, minh, "Trả tiền sòng phẳng"],
  ] as const) {
    await trader.page.getByRole("button", { name: fill(offers.actions.feedback, { name: other.name }) }).click();
    const dialog = trader.page.getByRole("dialog");
    await dialog.getByRole("radio", { name: offers.feedback.positive }).check();
    await dialog.getByLabel(offers.feedback.comment).fill(comment);
    await dialog.getByRole("button", { name: offers.feedback.submit }).click();
    await expect(trader.page.getByRole("region", { name: offers.feedback.heading })).toContainText(comment);
    await expect(trader.page.getByRole("status").filter({ hasText: offers.feedback.doneNotCounted["new-account"] })).toBeVisible();
    await expect(trader.page.getByRole("region", { name: offers.feedback.heading })).toContainText(
      offers.feedback.notCounted["new-account"],
    );
    await expect(trader.page.getByRole("button", { name: fill(offers.actions.feedback, { name: other.name }) })).toHaveCount(0);
  }

  // Minh's feedback follows Lan's character on /bplayer.
  await minh.page.goto(`/bplayer?name=${encodeURIComponent(character)}&server=suong-mai`);
  await hydrated(minh.page);
  await expect(minh.page.getByRole("list", { name: reputation.feedback.heading })).toContainText("Giao nhanh, uy tín");
  await expect(minh.page.getByRole("list", { name: reputation.feedback.heading })).toContainText(
    reputation.feedback.notCounted["new-account"],
  );
  await expect(minh.page.getByTestId("positive")).toHaveText("0");
  await expect(minh.page.getByTestId("trades")).toHaveText("1");

  // The trade counts in the item's price history at once: a summary, a table and the chart.
  await minh.page.goto("/equipments-items/detail?id=iron-sword");
  await hydrated(minh.page);
  await scrollToMarket(minh.page);
  await expect(minh.page.getByTestId("price-summary")).toContainText("vàng");
  await expect(minh.page.getByTestId("price-chart").locator("canvas")).toBeVisible();
  await minh.page.getByRole("button", { name: offers.prices.ranges["48h"] }).click();
  await expect(minh.page.getByRole("button", { name: offers.prices.ranges["48h"] })).toHaveAttribute("aria-pressed", "true");
  await expect(minh.page.getByTestId("price-summary")).toContainText("vàng");

  // The finished trade is in both members' past offers.
  await lan.page.goto("/me/make-offer");
  await hydrated(lan.page);
  await expect(lan.page.getByRole("region", { name: new RegExp(`^${offers.mine.past}`) }).getByRole("link")).toContainText(
    offers.status.completed,
  );
  expect(await seriousViolationsAtEveryWidth(lan.page)).toEqual([]);
  await lan.page.getByRole("button", { name: offers.form.open }).click();
  await expect(lan.page.getByLabel(offers.form.item)).toBeVisible();
  expect(await smallTargets(lan.page)).toEqual([]);

  await lan.page.context().close();
  await minh.page.context().close();
});

test("a move the offer no longer allows is refused in words, and the page shows its latest state", async ({ browser }) => {
  const owner = await member(browser, `Chủ ${unique()}`);
  const origin = test.info().project.use.baseURL ?? "";
  const id = await postOffer(owner.page, { side: "buy", unitPrice: 900, characterName: `Mua ${unique()}` });
  // A phone whose socket is down hears of no change: the refusal is what tells it.
  await owner.page.routeWebSocket(/\/ws/, () => {});
  await owner.page.goto(`/me/make-offer/detail?id=${id}`);
  await hydrated(owner.page);
  // Cancelled in another tab meanwhile.
  expect((await owner.page.request.post(`/api/offers/${id}/cancel`, { data: {}, headers: { Origin: origin } })).status()).toBe(200);
  await owner.page.getByRole("button", { name: offers.actions.cancel }).click();
  await owner.page.getByRole("dialog").getByRole("button", { name: offers.cancel.submit }).click();
  await expect(owner.page.locator("#main").getByRole("alert")).toHaveText(offers.errors.moved);
  await expect(owner.page.getByTestId("offer-state-text")).toHaveText(offers.state.cancelled);
  await owner.page.context().close();
});

test("either side may release a reservation with a reason: the offer opens again and both pages say why", async ({ browser }) => {
  const owner = await member(browser, `Chủ ${unique()}`);
  const buyer = await member(browser, `Khách ${unique()}`);
  const origin = test.info().project.use.baseURL ?? "";
  const headers = { Origin: origin };
  const id = await postOffer(owner.page, { side: "sell", unitPrice: 2_000, characterName: `Bán ${unique()}` });
  const replied = await buyer.page.request.post(`/api/offers/${id}/replies`, { data: { text: "Giữ cho mình nhé" }, headers });
  const { id: replyId } = (await replied.json()).data as { id: number };
  expect((await owner.page.request.post(`/api/offers/${id}/reserve`, { data: { replyId }, headers })).status()).toBe(200);

  await openOffer(owner.page, String(id));
  await buyer.page.goto(`/me/make-offer/detail?id=${id}`);
  await hydrated(buyer.page);
  await buyer.page.getByRole("button", { name: offers.actions.unreserve }).click();
  const dialog = buyer.page.getByRole("dialog");
  // The reason is required.
  await dialog.getByRole("button", { name: offers.unreserve.submit }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(offers.unreserve.reason).fill("Mình hết vàng rồi, xin lỗi");
  await dialog.getByRole("button", { name: offers.unreserve.submit }).click();
  await expect(buyer.page.locator("#main").getByRole("status")).toHaveText(offers.unreserve.done);
  await expect(buyer.page.getByTestId("offer-state-text")).toHaveText(offers.state.open);
  await expect(owner.page.getByTestId("offer-state-text")).toHaveText(offers.state.openOwner);
  await expect(owner.page.getByText(fill(offers.state.releasedBecause, { reason: "Mình hết vàng rồi, xin lỗi" }))).toBeVisible();

  // The buyer reports the offer: it goes to the moderation queue.
  await buyer.page.getByRole("button", { name: offers.actions.report }).click();
  const report = buyer.page.getByRole("dialog");
  await report.getByRole("radio", { name: moderation.report.reasons.scam }).check();
  await report.getByRole("button", { name: moderation.report.submit }).click();
  await expect(report.getByText(moderation.report.sent)).toBeVisible();
  await owner.page.context().close();
  await buyer.page.context().close();
});

test("a visitor's item page follows the book live: an offer opening appears, and leaves when cancelled", async ({ browser, page }) => {
  const trader = await member(browser, `Rao ${unique()}`);
  const origin = test.info().project.use.baseURL ?? "";
  const character = `Live ${unique()}`;
  await page.goto("/equipments-items/detail?id=iron-sword&server=bach-hac");
  await hydrated(page);
  await scrollToMarket(page);
  const buys = page.getByRole("region", { name: new RegExp(`^${offers.market.buys}`) });
  await expect(buys).toHaveAttribute("aria-busy", "false");
  // The socket subscribes after hydration: post until the page hears of it.
  let id = 0;
  await expect(async () => {
    id = await postOffer(trader.page, {
      side: "buy",
      quantity: 5,
      unitPrice: 777,
      server: "bach-hac",
      characterName: character,
      expiresInDays: 1,
    });
    await expect(buys.locator(`[data-offer-id="${id}"]`)).toContainText(character, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  expect((await trader.page.request.post(`/api/offers/${id}/cancel`, { data: {}, headers: { Origin: origin } })).status()).toBe(200);
  await expect(buys.locator(`[data-offer-id="${id}"]`)).toHaveCount(0);
  await trader.page.context().close();
});

test("on a phone the item's market loads when the reader scrolls near it, not before: no offer requests and no socket for a reader of the stats", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "vi-VN",
    viewport: { width: 375, height: 667 },
  });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/offers") || request.url().includes("/api/items/")) asked.push(request.url());
  });
  let sockets = 0;
  page.on("websocket", () => (sockets += 1));
  // The view beacon goes out once the page is interactive, as the market would have.
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/views"));
  await page.goto("/equipments-items/detail?id=iron-sword");
  await hydrated(page);
  await beacon;
  await expect(page.locator("section[aria-labelledby='market']")).toHaveAttribute("aria-busy", "true");
  expect(asked).toEqual([]);
  expect(sockets).toBe(0);

  // The market's lists show at once (still loading); its offers are asked for just after: wait for that request.
  const offersAsked = page.waitForRequest((request) => request.url().includes("/api/offers?"));
  await scrollToMarket(page);
  await expect(page.getByRole("region", { name: new RegExp(`^${offers.market.sells}`) })).toBeVisible();
  await offersAsked;
  await context.close();
});

test("/me/make-offer follows the member's live offers without React: an offer cancelled in another tab moves to the past ones in place, and the page hydrates nothing", async ({
  browser,
}) => {
  const owner = await member(browser, `Theo ${unique()}`);
  const origin = test.info().project.use.baseURL ?? "";
  const id = await postOffer(owner.page, { side: "sell", quantity: 2, unitPrice: 650, characterName: `Theo ${unique()}` });
  const subscribed = owner.page.waitForEvent("websocket").then((socket) =>
    socket.waitForEvent("framereceived", {
      predicate: (frame) => String(frame.payload).includes('"subscribed"') && String(frame.payload).includes(`"offer:${id}"`),
    }),
  );
  await owner.page.goto("/me/make-offer");
  await hydrated(owner.page);
  await subscribed;
  const open = owner.page.locator("section[aria-labelledby='mine-open']");
  const past = owner.page.locator("section[aria-labelledby='mine-past']");
  await expect(open.locator(`a[href*="id=${id}"]`)).toHaveCount(1);
  await expect(past.locator(`a[href*="id=${id}"]`)).toHaveCount(0);

  await owner.page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect((await owner.page.request.post(`/api/offers/${id}/cancel`, { data: {}, headers: { Origin: origin } })).status()).toBe(200);
  await expect(past.locator(`a[href*="id=${id}"]`)).toHaveCount(1);
  await expect(open.locator(`a[href*="id=${id}"]`)).toHaveCount(0);
  await expect(open).toContainText(offers.mine.openEmpty);
  // Still the same document, and no React root: the lists are server HTML swapped in place.
  expect(await owner.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await owner.page.evaluate(() => document.querySelectorAll("[data-island]").length)).toBeGreaterThan(0);
  expect(
    await owner.page.evaluate(() =>
      [...document.querySelectorAll("[data-island]")].some((each) => Object.keys(each).some((key) => key.startsWith("__reactContainer"))),
    ),
  ).toBe(false);

  // The page follows its offers once it has settled; one cancelled before that is read once it does.
  const early = await postOffer(owner.page, { side: "sell", unitPrice: 700, characterName: `Theo ${unique()}` });
  await owner.page.goto("/me/make-offer");
  await hydrated(owner.page);
  await expect(open.locator(`a[href*="id=${early}"]`)).toHaveCount(1);
  expect((await owner.page.request.post(`/api/offers/${early}/cancel`, { data: {}, headers: { Origin: origin } })).status()).toBe(200);
  await expect(past.locator(`a[href*="id=${early}"]`)).toHaveCount(1);
  await expect(open.locator(`a[href*="id=${early}"]`)).toHaveCount(0);
  await owner.page.context().close();
});
