import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** Elements inside `selector` that React hydrated (a fiber on the node), and all of them. */
async function hydratedElements(page: Page, selector: string): Promise<{ all: number; hydrated: number }> {
  return page.evaluate((css) => {
    const all = [...document.querySelectorAll(`${css} *`)];
    const withFiber = all.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
    return { all: all.length, hydrated: withFiber.length };
  }, selector);
}

test("the catalog's cards, the navigation and the footer stay server HTML, yet navigate in place and follow the language", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/equipments-items");
  await hydrated(page);
  // A marker on the window survives only navigations inside the page, not a document load.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  const cards = page.locator("main ul.grid");
  await expect(cards.getByRole("link").first()).toBeVisible();
  for (const region of ["main ul.grid", "aside nav", "footer"]) {
    const count = await hydratedElements(page, region);
    expect(count.all, region).toBeGreaterThan(3);
    expect(count.hydrated, `${region} is not hydrated`).toBe(0);
  }
  // The filters beside the cards are interactive, so they are hydrated.
  expect((await hydratedElements(page, "main form")).hydrated).toBeGreaterThan(0);

  const first = cards.getByRole("link").first();
  const name = (await first.locator("span.truncate").textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/equipments-items\/detail\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(await sameDocument()).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/equipments-items$/);
  await expect(cards.getByRole("link")).toHaveCount(await page.locator("main ul.grid > li").count());
  await expect(cards.getByRole("link").first()).toContainText(name);

  const nav = page.locator("aside nav");
  await nav.getByRole("link", { name: vi.pages.craft.nav }).click();
  await expect(page).toHaveURL(/\/craft$/);
  await expect(nav.locator("[aria-current=page]")).toHaveText(vi.pages.craft.nav);
  expect(await sameDocument()).toBe(true);

  await page.locator("footer").getByRole("link", { name: vi.footer.credits }).click();
  await expect(page).toHaveURL(/\/credits$/);
  expect(await sameDocument()).toBe(true);

  // Another language renders the kept parts anew.
  await page.locator("header select").first().selectOption("en-US");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(nav.getByRole("link", { name: en.pages.craft.nav })).toBeVisible();
  await expect(page.locator("footer")).toContainText(en.footer.fanMade);
});

test("a link inside kept HTML opened with a modifier or to another site is left to the browser", async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await hydrated(page);
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page
      .locator("footer")
      .getByRole("link", { name: vi.footer.credits })
      .click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await popup.waitForLoadState("domcontentloaded");
  expect(new URL(popup.url()).pathname).toBe("/credits");
  await expect(page).toHaveURL(/\/$/);
  await popup.close();
});

test("a page names no module preloads: its modules are found by the bootstrap at the end of the body, after the page is parsed", async ({
  page,
}) => {
  for (const path of ["/", "/equipments-items", "/feed"]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toContain('rel="modulepreload"');
    const bootstrap = html.search(/<script[^>]* type="module"/);
    expect(bootstrap, path).toBeGreaterThan(html.indexOf("</main>"));
  }
  await page.goto("/equipments-items");
  await hydrated(page);
  await expect(page.locator("main ul.grid").getByRole("link").first()).toBeVisible();
  // Nor does hydration add them back: React would insert the preloads of `<Scripts>` that the server left out.
  const bootstrapModules = page.locator(
    'link[rel="modulepreload"][href*="/entry.client-"], link[rel="modulepreload"][href*="/framework-"]',
  );
  await expect(bootstrapModules).toHaveCount(0);
});
