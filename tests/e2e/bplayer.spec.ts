import type { Page } from "@playwright/test";
import sharp from "sharp";
import offersEn from "../../locales/en-US/offers.json" with { type: "json" };
import offers from "../../locales/vi/offers.json" with { type: "json" };
import reputation from "../../locales/vi/reputation.json" with { type: "json" };
import reputationEn from "../../locales/en-US/reputation.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, scrollToMarket, seriousViolationsAtEveryWidth, test, useLanguage } from "./fixtures.ts";

const origin = () => test.info().project.use.baseURL ?? "";
const unique = () => Math.random().toString(36).slice(2, 8);
const headers = () => ({ Origin: origin() });

/** A completed trade between two members, made through the API: the seller's character is `character`. */
async function completedTrade(seller: Page, buyer: Page, character: string): Promise<number> {
  const posted = await seller.request.post("/api/offers", {
    data: {
      side: "sell",
      itemId: "iron-sword",
      quantity: 2,
      unitPrice: 1200,
      server: "suong-mai",
      characterName: character,
      expiresInDays: 7,
    },
    headers: headers(),
  });
  expect(posted.status()).toBe(201);
  const { id } = (await posted.json()).data as { id: number };
  const replied = await buyer.request.post(`/api/offers/${id}/replies`, { data: { text: "Mình lấy nhé" }, headers: headers() });
  expect(replied.status()).toBe(201);
  const { id: replyId } = (await replied.json()).data as { id: number };
  expect((await seller.request.post(`/api/offers/${id}/reserve`, { data: { replyId }, headers: headers() })).status()).toBe(200);
  expect((await seller.request.post(`/api/offers/${id}/confirm`, { data: {}, headers: headers() })).status()).toBe(200);
  expect((await buyer.request.post(`/api/offers/${id}/confirm`, { data: {}, headers: headers() })).status()).toBe(200);
  return id;
}

test("a character's feedback shows on /bplayer by a name typed without accents, marked unverified; a member starts a claim and reports a scam with a screenshot", async ({
  browser,
  page,
}) => {
  const seller = await memberInBrowser(browser, `Bán ${unique()}`, "bplayer");
  const buyer = await memberInBrowser(browser, `Mua ${unique()}`, "bplayer");
  const tag = unique();
  const character = `Tuấn Đỏ ${tag}`;
  const id = await completedTrade(seller.page, buyer.page, character);
  const left = await buyer.page.request.post(`/api/offers/${id}/feedback`, {
    data: { score: 1, comment: "Uy tín, giao đúng hẹn" },
    headers: headers(),
  });
  expect(left.status()).toBe(201);

  // A visitor looks the character up without accents, on its server.
  await page.goto("/bplayer");
  await hydrated(page);
  await page.getByLabel(reputation.search.name).fill(`tuan do ${tag}`);
  await page.getByLabel(reputation.search.server).selectOption("suong-mai");
  await page.getByRole("button", { name: reputation.search.submit }).click();
  await expect(page).toHaveURL(/\/bplayer\?name=tuan\+do/);
  // The buyer's account is minutes old: the feedback shows, marked, and is not in the totals.
  await expect(page.getByTestId("positive")).toHaveText("0");
  await expect(page.getByTestId("trades")).toHaveText("1");
  await expect(page.getByRole("list", { name: reputation.feedback.heading })).toContainText("Uy tín, giao đúng hẹn");
  await expect(page.getByRole("list", { name: reputation.feedback.heading })).toContainText(reputation.feedback.notCounted["new-account"]);
  await expect(page.locator("#main").getByRole("link", { name: reputation.signIn })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // The seller claims the name; the buyer reports another character, with a screenshot.
  await seller.page.goto(`/bplayer?name=${encodeURIComponent(character)}&server=suong-mai`);
  await hydrated(seller.page);
  await expect(seller.page.getByTestId("record-unverified")).toHaveText(reputation.unverified.title);
  await seller.page.getByRole("button", { name: reputation.claim.action }).click();
  // A claim starts pending, with a code to show in the game: until a moderator verifies it, the record is nobody's.
  const done = new RegExp(
    `^${reputation.claim.done.replace("{{name}}", character).replace("{{code}}", "LV-[0-9A-Z]{4}").replaceAll(".", "\\.")}$`,
  );
  await expect(seller.page.locator("#main").getByRole("status")).toHaveText(done);
  await seller.page.reload();
  await expect(seller.page.getByTestId("record-unverified")).toHaveText(reputation.unverified.title);
  await expect(seller.page.getByText(reputation.claimedBy.replace("{{name}}", seller.name))).toHaveCount(0);
  // The claim is listed among the member's characters, who may let it go.
  await seller.page.goto("/me/make-offer");
  await hydrated(seller.page);
  const claims = seller.page.getByRole("region", { name: offers.claims.heading });
  await expect(claims.getByRole("link", { name: character })).toBeVisible();
  seller.page.once("dialog", (dialog) => void dialog.accept());
  await claims.getByRole("button", { name: offers.claims.remove.replace("{{name}}", character) }).click();
  await expect(claims.getByRole("link", { name: character })).toHaveCount(0);

  const scammer = `Lừa Đảo ${tag}`;
  await buyer.page.goto(`/bplayer?name=${encodeURIComponent(scammer)}&server=suong-mai`);
  await hydrated(buyer.page);
  await expect(buyer.page.getByText(reputation.reports.empty)).toBeVisible();
  await buyer.page.getByRole("button", { name: reputation.report.action }).click();
  const dialog = buyer.page.getByRole("dialog");
  await dialog.getByLabel(reputation.report.reason).fill("Nhận vàng rồi không giao đồ, chặn liên lạc");
  const shot = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#a33" } })
    .png()
    .toBuffer();
  await dialog
    .getByLabel(reputation.report.images.replace("{{count}}", "4"))
    .setInputFiles({ name: "chat.png", mimeType: "image/png", buffer: shot });
  await dialog.getByRole("button", { name: reputation.report.submit }).click();
  await expect(dialog.getByText(reputation.report.sent)).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(buyer.page)).toEqual([]);

  await seller.page.context().close();
  await buyer.page.context().close();
});

test("in English: the lookup and the item page's market speak en-US, axe-clean at both widths", async ({ page }) => {
  await useLanguage(page, "en-US");
  await page.goto(`/bplayer?name=${encodeURIComponent(`Nobody ${unique()}`)}`);
  await hydrated(page);
  await expect(page.getByRole("button", { name: reputationEn.search.submit })).toBeVisible();
  await expect(page.getByText(reputationEn.feedback.empty)).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  await page.goto("/equipments-items/detail?id=iron-sword");
  await hydrated(page);
  await scrollToMarket(page);
  await expect(page.getByRole("heading", { name: offersEn.prices.heading })).toBeVisible();
  await expect(page.getByRole("combobox", { name: offersEn.market.server })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});
