import { readFile } from "node:fs/promises";
import bag from "../../locales/vi/bag.json" with { type: "json" };
import catalog from "../../locales/vi/catalog.json" with { type: "json" };
import common from "../../locales/vi/common.json" with { type: "json" };
import { BAG_FIRST_ROWS } from "../../universal/bag/bag-limits.ts";
import { expect, hydrated, markDocument, memberInBrowser, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const unique = () => Math.random().toString(36).slice(2, 8);

test("a member fills the bag, the craft calculator takes what they own, and the bag goes out and back in as CSV", async ({ browser }) => {
  const { page } = await memberInBrowser(browser, `Túi ${unique()}`, "bag");
  await page.goto("/me/bag");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: common.pages.meBag.title })).toBeVisible();
  await expect(page.getByText(bag.list.empty)).toBeVisible();

  // Add 7 iron ore, found by its name typed without accents.
  await page.getByRole("button", { name: `+ ${bag.add.open}` }).click();
  await page.getByLabel(bag.add.item, { exact: true }).fill("quang sat");
  await page.getByRole("button", { name: "Quặng Sắt", exact: true }).click();
  await page.getByLabel(bag.add.quantity, { exact: true }).fill("7");
  await page.getByRole("button", { name: bag.add.submit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: bag.add.added.replace("{{name}}", "Quặng Sắt") })).toBeVisible();
  const list = page.getByRole("list", { name: bag.list.label });
  const ore = list.locator('[data-item="iron-ore"]');
  await expect(ore).toContainText("7");
  // No completed trade yet: the entry says it has no price, and the total counts nothing.
  await expect(ore).toContainText(bag.list.noPrice);
  await expect(page.getByTestId("bag-total")).toHaveText(bag.summary.gold.replace("{{value}}", "0"));

  // The search ignores accents and the type filter narrows.
  await page.getByLabel(bag.filters.search).fill("kiem");
  await expect(page.getByText(bag.list.noMatch)).toBeVisible();
  await page.getByLabel(bag.filters.search).fill("QUANG");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByLabel(bag.filters.type).selectOption("material");
  await expect(page).toHaveURL(/type=material/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // The craft calculator fills "have" from the bag.
  await page.goto("/craft/detail?id=craft-iron-ingot");
  await hydrated(page);
  await expect(page.getByTestId("owned-from-bag")).toBeVisible();
  const base = page.locator("section").filter({ has: page.getByRole("heading", { name: catalog.craft.calculator.baseMaterials }) });
  await expect(base.locator("tbody tr").first().getByRole("spinbutton")).toHaveValue("7");
  await expect(page.getByText(catalog.craft.calculator.allSet)).toBeVisible();
  await expect(page.getByRole("heading", { name: bag.craft.title })).toBeVisible();

  // Export, then import the same file in place of the bag: the same entries come back.
  await page.goto("/me/bag");
  await hydrated(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: bag.csv.export }).click();
  const file = await (await downloading).path();
  const csv = await readFile(file, "utf8");
  // The byte order mark first, so that a spreadsheet reads the Vietnamese as UTF-8.
  expect(csv).toMatch(/^\uFEFFitemId,name,quantity,enhancement,note\r\niron-ore,Quặng Sắt,7,0,\r\n$/);
  await page.getByRole("button", { name: bag.csv.import }).click();
  await page.getByLabel(bag.csv.file).setInputFiles(file);
  await page.getByLabel(bag.csv.replace).check();
  await page.getByRole("button", { name: bag.csv.submit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: bag.csv.imported.replace("{{count}}", "1") })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.locator('[data-item="iron-ore"]')).toContainText("7");

  // A file with bad rows is refused whole, each row named.
  await page.getByRole("button", { name: bag.csv.import }).click();
  await page.getByLabel(bag.csv.file).setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("itemId,quantity\niron-ore,2\nno-such-item,1\niron-ore,0\n"),
  });
  await page.getByRole("button", { name: bag.csv.submit, exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: bag.csv.refused.replace("{{count}}", "2") });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(bag.csv.row.replace("{{row}}", "3").replace("{{problem}}", bag.csv.problems["unknown-item"]));
  await expect(refusal).toContainText(`Dòng 4: ${bag.csv.problems.quantity.replace("{{max}}", "1.000.000")}`);
  await page.reload();
  await hydrated(page);
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // An entry's own page changes it.
  await list.getByRole("link", { name: bag.list.open.replace("{{name}}", "Quặng Sắt") }).click();
  await page.getByLabel(bag.add.quantity, { exact: true }).fill("9");
  await page.getByRole("button", { name: bag.detail.save }).click();
  await expect(page.getByRole("status").filter({ hasText: bag.detail.saved })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.context().close();
});

test("a full bag shows its first entries and counts them all; every entry shows on request, in place, from the next one", async ({
  browser,
}) => {
  const { page } = await memberInBrowser(browser, "Tui Day");
  const rows: string[] = [];
  for (const item of ["iron-ore", "beast-hide"]) for (let level = 0; level < 28; level++) rows.push(`${item},,${level + 1},${level},`);
  const imported = await page.request.post("/api/bag/import", {
    data: { csv: `itemId,name,quantity,enhancement,note\r\n${rows.join("\r\n")}\r\n`, mode: "replace" },
    headers: { Origin: test.info().project.use.baseURL ?? "" },
  });
  expect(imported.status()).toBe(201);

  await page.goto("/me/bag");
  await hydrated(page);
  const entries = page.getByRole("list", { name: bag.list.label }).getByRole("listitem");
  await expect(entries).toHaveCount(BAG_FIRST_ROWS);
  const sameDocument = await markDocument(page);
  await page.getByRole("link", { name: bag.list.showAll.replace("{{count}}", "56").replace("{{shown}}", String(BAG_FIRST_ROWS)) }).click();
  await expect(page).toHaveURL(/[?&]all=1#bag-more$/);
  await expect(entries).toHaveCount(56);
  // The first entry past the first ones is where the reader goes on from, and the move was made in place.
  await expect(page.locator("#bag-more")).toBeInViewport();
  await expect(page.locator("#bag-more")).toBeFocused();
  expect(await sameDocument()).toBe(true);
  await expect(page.getByRole("link", { name: /56/ })).toHaveCount(0);
  await page.context().close();
});
