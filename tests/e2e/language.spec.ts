import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";

test("Vietnamese is the default language", async ({ page }) => {
  const response = await page.goto("/season");
  expect(await response?.text()).toContain('<html lang="vi"');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.pages.season.title);
});

test("switching to English is stored in localStorage and the locale cookie, and survives a reload", async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/season");
  await hydrated(page);
  await page.getByRole("banner").getByLabel(vi.language.label).selectOption("en-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.season.title);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page).toHaveTitle(`${en.pages.season.title} · Minithings Companion`);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en-US");

  const cookie = (await context.cookies()).find((candidate) => candidate.name === "locale");
  expect(cookie).toMatchObject({ value: "en-US", path: "/", sameSite: "Lax" });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="en-US"');
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.season.title);
});

test("a stored language that differs from the rendered one wins, and sets the cookie", async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem("lang", "en-US"));
  // Without the cookie the server renders Vietnamese; the stored choice then wins in the browser.
  expect(await (await page.request.get("/pets")).text()).toContain('<html lang="vi"');
  await page.goto("/pets");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.pets.title);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  expect((await context.cookies()).find((candidate) => candidate.name === "locale")?.value).toBe("en-US");
});

test("text is set in the device's own font: no font file is declared or downloaded before the first paint", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const { family, declared, downloaded } = await page.evaluate(() => ({
    family: getComputedStyle(document.body).fontFamily,
    declared: document.fonts.size,
    downloaded: performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => /\.(woff2?|ttf|otf)(\?|$)/.test(name)),
  }));
  // Roboto on Android, San Francisco on iOS, Segoe UI on Windows: each covers every Vietnamese diacritic.
  expect(family).toContain("Roboto");
  expect(family).toContain("Segoe UI");
  expect(declared).toBe(0);
  expect(downloaded).toEqual([]);

  // Vietnamese text is drawn in one typeface: no letter of it falls back to another font (on Linux, Arial is
  // often a Liberation Sans without Vietnamese letters, which system-ui before it avoids).
  const heading = page
    .getByRole("heading", { level: 2 })
    .filter({ hasText: /[\u1EA0-\u1EF9]/ })
    .first();
  await heading.evaluate((element) => element.setAttribute("data-font-probe", ""));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-font-probe]" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  expect(fonts.map((font) => font.familyName)).toHaveLength(1);
});

test("the page's language is not written again once it is hydrated, so the document is not restyled", async ({ page }) => {
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { langWrites: string[] }).langWrites = writes;
    new MutationObserver((records) => records.forEach((record) => writes.push(String(record.oldValue)))).observe(document, {
      attributes: true,
      attributeFilter: ["lang"],
      attributeOldValue: true,
      subtree: true,
    });
  });
  await page.goto("/season");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  expect(await page.evaluate(() => (window as unknown as { langWrites: string[] }).langWrites)).toEqual([]);
});
