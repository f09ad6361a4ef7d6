import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, memberInBrowser, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** Elements inside `selector` that React hydrated (a fiber on the node), and all of them. */
async function hydratedElements(page: Page, selector: string): Promise<{ all: number; hydrated: number }> {
  return page.evaluate((css) => {
    const all = [...document.querySelectorAll(`${css} *`)];
    const withFiber = all.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
    return { all: all.length, hydrated: withFiber.length };
  }, selector);
}

/** The site's footer, not the footers of the feed's posts (other journeys may have written some meanwhile). */
const SITE_FOOTER = "footer:not(main footer)";
/** The site's navigation, not a page's own side column (the members' ranking on /users). */
const SITE_NAV = "aside:not(main aside) nav";

test("in a page hydrated by React Router, the navigation and the footer stay server HTML, yet navigate in place and follow the language", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // /users is hydrated by React Router; the reference pages and the feed are served as islands (decision 025, islands.spec.ts).
  await page.goto("/users");
  await hydrated(page);
  // A marker on the window survives only navigations inside the page, not a document load.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  for (const region of [SITE_NAV, SITE_FOOTER]) {
    const count = await hydratedElements(page, region);
    expect(count.all, region).toBeGreaterThan(3);
    expect(count.hydrated, `${region} is not hydrated`).toBe(0);
  }

  const nav = page.locator(SITE_NAV);
  await nav.getByRole("link", { name: vi.pages.craft.nav }).click();
  await expect(page).toHaveURL(/\/craft$/);
  await expect(nav.locator("[aria-current=page]")).toHaveText(vi.pages.craft.nav);
  expect(await sameDocument()).toBe(true);

  // A page reached in place renders on the client, its kept parts included: the catalog's cards navigate in place too.
  const cards = page.locator("main ul.grid");
  const first = cards.getByRole("link").first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/craft\/detail\?id=/);
  expect(await sameDocument()).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/craft$/);

  await page.locator(SITE_FOOTER).getByRole("link", { name: vi.footer.credits }).click();
  await expect(page).toHaveURL(/\/credits$/);
  expect(await sameDocument()).toBe(true);

  // Another language renders the kept parts anew.
  await page.locator("header select").first().selectOption("en-US");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(nav.getByRole("link", { name: en.pages.craft.nav })).toBeVisible();
  await expect(page.locator(SITE_FOOTER)).toContainText(en.footer.fanMade);
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

/** The module preloads of these chunks (by name) in the page shown. */
const preloads = (names: string[]) => names.map((name) => `link[rel="modulepreload"][href*="/${name}-"]`).join();

test("a page names no module preloads in its head: its modules are found at the end of the body, after the page is parsed", async ({
  page,
}) => {
  for (const path of ["/", "/equipments-items", "/feed", "/users"]) {
    const html = await (await page.request.get(path)).text();
    const named = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    // A page hydrated by React Router names none; an islands document its entry and the entry's imports only,
    // after its content (decision 040).
    if (path === "/users") expect(named, path).toEqual([]);
    else {
      expect(
        named.map(([tag]) => /href="\/assets\/(entry\.client|boot)-/.test(tag)),
        path,
      ).toEqual([true, true]);
      for (const preload of named) expect(preload.index, path).toBeGreaterThan(html.indexOf("</main>"));
    }
    // React Router's module bootstrap (/users), or the inline script that starts an islands document's entry.
    const bootstrap = html.search(/<script[^>]* (type="module"|data-entry-module=)/);
    expect(bootstrap, path).toBeGreaterThan(html.indexOf("</main>"));
  }
  // A member's page starts its live parts as it loads: what they import is named with the entry's own, once (decision 053).
  const { page: memberPage } = await memberInBrowser(page.context().browser()!, "Nap Truoc");
  const memberHtml = await (await memberPage.request.get("/me")).text();
  const memberPreloads = [
    ...memberHtml.matchAll(/<link rel="modulepreload" href="\/assets\/(entry\.client|boot|rolldown-runtime|background|[\w.]+)-[^>]*>/g),
  ].map(([, name]) => name);
  expect(memberPreloads).toEqual(["entry.client", "boot", "rolldown-runtime", "background"]);
  await memberPage.goto("/me");
  await hydrated(memberPage);
  await memberPage.waitForLoadState("networkidle");
  await expect(memberPage.locator(preloads(["background", "rolldown-runtime"]))).toHaveCount(2);
  await memberPage.context().close();
  // Nor does hydration add back those of the modules that already ran: React would insert the preloads of `<Scripts>`
  // that the server left out, and the bundler preloads an island's imports.
  await page.goto("/users");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(preloads(["entry.client", "framework", "shared"])), "/users").toHaveCount(0);
  // An islands document loads the framework and the shell only with its first island that hydrates, and preloads
  // them then, once each (decision 038): /level's calculator hydrates as it loads, the catalog's app bar at first use,
  // and the feed's live notice needs none (decision 039).
  for (const path of ["/equipments-items", "/feed", "/level"]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // The entry's own preload is the document's (decision 040); none is added to it.
    await expect(page.locator(preloads(["entry.client"])), path).toHaveCount(1);
    await expect(page.locator(preloads(["framework"])), path).toHaveCount(path === "/level" ? 1 : 0);
    await expect(page.locator(preloads(["shared"])), path).toHaveCount(path === "/level" ? 1 : 0);
  }
});
