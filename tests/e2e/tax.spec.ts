import { readFile } from "node:fs/promises";
import commonEn from "../../locales/en-US/common.json" with { type: "json" };
import common from "../../locales/vi/common.json" with { type: "json" };
import taxEn from "../../locales/en-US/tax.json" with { type: "json" };
import tax from "../../locales/vi/tax.json" with { type: "json" };
import { expect, hydrated, markDocument, memberInBrowser, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const unique = () => Math.random().toString(36).slice(2, 8);
const gold = (value: string) => tax.calculator.gold.replace("{{value}}", value);

test("the tax calculator keeps its inputs in the URL, and the ledger totals what the member records, per period, with a chart and CSV", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, `Thuế ${unique()}`, "tax");
  await page.goto("/me/tax");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meTax.title })).toBeVisible();
  await expect(page.getByText(tax.ledger.empty)).toBeVisible();

  // The calculator: 3 × 1.000 gold at a 3 % district.
  await page.getByLabel(tax.calculator.price).fill("1000");
  await page.getByLabel(tax.calculator.quantity, { exact: true }).fill("3");
  await page.getByLabel(tax.calculator.place).selectOption("district-mist-harbor");
  await expect(page).toHaveURL(/price=1000/);
  await expect(page).toHaveURL(/qty=3/);
  await expect(page).toHaveURL(/place=district-mist-harbor/);
  const result = page.getByTestId("tax-result");
  await expect(result).toContainText(gold("3.000"));
  await expect(result).toContainText(gold("90"));
  await expect(result).toContainText(gold("2.910"));
  await expect(result).toContainText(gold("970"));
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("tax-result")).toContainText(gold("2.910"));

  // Two lines by hand: a sale there, and a purchase.
  await page.getByRole("button", { name: `+ ${tax.add.open}` }).click();
  const form = page.locator("form").filter({ hasText: tax.add.title });
  await form.getByLabel(tax.add.label).fill("Bán Quặng Sắt");
  await form.getByLabel(tax.calculator.quantity, { exact: true }).fill("10");
  await form.getByLabel(tax.calculator.price).fill("100");
  await form.getByLabel(tax.calculator.place).selectOption("district-mist-harbor");
  await form.getByRole("button", { name: tax.add.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: tax.add.added })).toBeVisible();
  const entries = page.getByRole("list", { name: tax.ledger.entries });
  await expect(entries.getByRole("listitem")).toHaveCount(1);
  await form.getByLabel(tax.ledger.buy).check();
  await form.getByLabel(tax.add.label).fill("Mua Thỏi Sắt");
  await form.getByLabel(tax.calculator.quantity, { exact: true }).fill("5");
  await form.getByLabel(tax.calculator.price).fill("20");
  await form.getByRole("button", { name: tax.add.submit }).click();
  await expect(entries.getByRole("listitem")).toHaveCount(2);

  const totals = page.getByTestId("ledger-totals");
  await expect(totals.locator('[data-total="sales"]')).toHaveText(gold("1.000"));
  await expect(totals.locator('[data-total="tax"]')).toHaveText(gold("30"));
  await expect(totals.locator('[data-total="net"]')).toHaveText(gold("970"));
  await expect(totals.locator('[data-total="purchases"]')).toHaveText(gold("100"));
  // The periods' chart (and uPlot) loads once the member scrolls near it.
  await page.getByTestId("tax-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("tax-chart").locator("canvas")).toBeVisible();
  await page.getByRole("button", { name: tax.ledger.byWeek }).click();
  await expect(page).toHaveURL(/by=week/);

  // Without a place the sale is untaxed: the totals follow.
  await entries.getByLabel(tax.ledger.place.replace("{{name}}", "Bán Quặng Sắt")).selectOption("");
  await expect(totals.locator('[data-total="tax"]')).toHaveText(gold("0"));

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: tax.ledger.export }).click();
  const csv = await readFile(await (await downloading).path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFoccurredAt,side,itemId,item,label,quantity,unitPrice,place,ratePercent,tax,net,offerId");
  expect(csv).toContain(",sell,,,Bán Quặng Sắt,10,100,,0,0,1000,");

  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.context().close();
});

test("in English the calculator speaks English and writes numbers the English way", async ({ browser }) => {
  const { page } = await memberInBrowser(browser, `Tax ${unique()}`, "tax");
  const url = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1");
  await page.context().addCookies([{ name: "locale", value: "en-US", domain: url.hostname, path: "/" }]);
  await page.goto("/me/tax?price=1000&qty=3&place=district-mist-harbor");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: commonEn.pages.meTax.title })).toBeVisible();
  await expect(page.getByTestId("tax-result")).toContainText(taxEn.calculator.gold.replace("{{value}}", "2,910"));
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.context().close();
});

test("a long ledger shows its newest 30 lines and counts them all; every line shows on request, in place, from the 31st", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, `Sổ ${unique()}`, "tax");
  const origin = test.info().project.use.baseURL ?? "";
  const now = Date.now();
  for (let line = 1; line <= 34; line++) {
    const added = await page.request.post("/api/tax/ledger", {
      data: { side: "buy", label: `Dòng ${line}`, quantity: 1, unitPrice: line, occurredAt: now - line * 60_000 },
      headers: { Origin: origin },
    });
    expect(added.status()).toBe(201);
  }

  await page.goto("/me/tax");
  await hydrated(page);
  const lines = page.getByRole("list", { name: tax.ledger.entries }).getByRole("listitem");
  await expect(lines).toHaveCount(30);
  await expect(lines.first()).toContainText("Dòng 1");
  await expect(page.getByTestId("ledger-partial")).toHaveText(tax.ledger.partial.replace("{{shown}}", "30").replace("{{total}}", "34"));
  const sameDocument = await markDocument(page);
  await page.getByRole("link", { name: tax.ledger.showAll.replace("{{total}}", "34") }).click();
  await expect(page).toHaveURL(/[?&]lines=all#tax-more$/);
  await expect(lines).toHaveCount(34);
  // The 31st line is where the reader goes on from, and the move was made in place.
  await expect(page.locator("#tax-more")).toContainText("Dòng 31");
  await expect(page.locator("#tax-more")).toBeInViewport();
  expect(await sameDocument()).toBe(true);
  await expect(page.getByTestId("ledger-partial")).toHaveCount(0);
  await expect(page.getByRole("link", { name: tax.ledger.showAll.replace("{{total}}", "34") })).toHaveCount(0);
  await page.context().close();
});
