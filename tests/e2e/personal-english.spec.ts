import type { Page } from "@playwright/test";
import bag from "../../locales/en-US/bag.json" with { type: "json" };
import common from "../../locales/en-US/common.json" with { type: "json" };
import notes from "../../locales/en-US/notes.json" with { type: "json" };
import offers from "../../locales/en-US/offers.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

/** The trading issue's personal pages in English: words, numbers and names the English way, axe clean at both widths. */

const unique = () => Math.random().toString(36).slice(2, 8);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

async function inEnglish(page: Page): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1");
  await page.context().addCookies([{ name: "locale", value: "en-US", domain: url.hostname, path: "/" }]);
}

test("in English a member posts a sell offer, fills the bag and writes a note, each page in English", async ({ browser }) => {
  const { page } = await memberInBrowser(browser, `Ann ${unique()}`, "english");
  await inEnglish(page);

  // An offer: the item found by its English name, the price written with an English thousands separator.
  await page.goto("/me/make-offer");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meMakeOffer.title })).toBeVisible();
  await page.getByRole("button", { name: offers.form.open }).click();
  // By keyboard: the item field is a combobox, the arrows move through what it found and Enter picks.
  const item = page.getByRole("combobox", { name: offers.form.item });
  await item.fill("iron sw");
  const found = page.getByRole("listbox", { name: offers.form.itemResults }).getByRole("option", { name: "Iron Sword", exact: true });
  await expect(found).toBeVisible();
  const position = await found.evaluate((option) => [...option.parentElement!.children].indexOf(option));
  for (let step = 0; step < position; step++) await item.press("ArrowDown");
  await expect(found).toHaveAttribute("aria-selected", "true");
  await item.press("Enter");
  await expect(page.getByTestId("picked-item")).toHaveText("Iron Sword");
  await expect(page.getByRole("button", { name: fill(offers.form.itemRemove, { name: "Iron Sword" }) })).toBeFocused();
  await page.getByLabel(offers.fields.quantity).fill("3");
  await page.getByLabel(offers.form.unitPrice).fill("1,500");
  await expect(page.getByText(fill(offers.form.total, { total: fill(offers.gold, { amount: "4,500" }) }))).toBeVisible();
  await page.getByLabel(offers.fields.characterName).fill(`Ann Blade ${unique()}`);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.getByRole("button", { name: offers.form.submit, exact: true }).click();
  await page.waitForURL(/\/me\/make-offer\/detail\?id=\d+/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(offers.detail.title.sell, { item: "Iron Sword" }));
  await expect(page.getByTestId("offer-state-text")).toHaveText(offers.state.openOwner);
  await expect(page.getByText(offers.status.open, { exact: true }).first()).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // The bag: an entry added by its English name, its status and its missing price in English.
  await page.goto("/me/bag");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meBag.title })).toBeVisible();
  await expect(page.getByText(bag.list.empty)).toBeVisible();
  await page.getByRole("button", { name: `+ ${bag.add.open}` }).click();
  await page.getByLabel(bag.add.item, { exact: true }).fill("iron ore");
  await page.getByRole("button", { name: "Iron Ore", exact: true }).click();
  await page.getByLabel(bag.add.quantity, { exact: true }).fill("1200");
  await page.getByRole("button", { name: bag.add.submit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: fill(bag.add.added, { name: "Iron Ore" }) })).toBeVisible();
  const ore = page.getByRole("list", { name: bag.list.label }).locator('[data-item="iron-ore"]');
  await expect(ore).toContainText("1,200");
  await expect(ore).toContainText(bag.list.noPrice);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // A note: written, saved and shown with English controls.
  await page.goto("/me/note");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meNote.title })).toBeVisible();
  await expect(page.getByText(notes.list.empty)).toBeVisible();
  await page.getByRole("link", { name: `+ ${notes.list.new}` }).click();
  await page.getByLabel(notes.editor.title, { exact: true }).fill("Weekly boss");
  await page.getByLabel(notes.editor.body, { exact: true }).fill("- [ ] Dragon boss");
  await expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await page.getByRole("button", { name: notes.detail.done }).click();
  await expect(page.getByRole("checkbox", { name: "Dragon boss" })).not.toBeChecked();
  await expect(page.getByRole("button", { name: notes.detail.pin })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.context().close();
});
