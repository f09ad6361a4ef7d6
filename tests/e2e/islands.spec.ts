import en from "../../locales/en-US/common.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import feed from "../../locales/vi/feed.json" with { type: "json" };
import offers from "../../locales/vi/offers.json" with { type: "json" };
import { expect, hydrated, islandHydrated, markDocument, memberInBrowser, scrollToMarket, test } from "./fixtures.ts";

const ITEM = "/equipments-items/detail?id=iron-sword";

test("a page served as islands hydrates its islands only, without React Router, loads React only when one needs it, and every island works", async ({
  page,
}) => {
  // Short enough that the market (its heading some 840 px down) is well below the fold and its margin:
  // at 900 px it is in view, and hydrates as the page settles.
  await page.setViewportSize({ width: 1440, height: 600 });
  await page.goto(ITEM);
  await hydrated(page);

  const shape = await page.evaluate(() => {
    const hasFiber = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
    const isRoot = (element: Node) => Object.keys(element).some((key) => key.startsWith("__reactContainer"));
    return {
      router: "__reactRouterContext" in window,
      modules: [...document.querySelectorAll("script[type=module]")].map((script) => script.getAttribute("src")),
      islands: [...document.querySelectorAll("[data-island]")].map((element) => [element.getAttribute("data-island"), isRoot(element)]),
      headingHydrated: hasFiber(document.querySelector("h1")!),
      documentHydrated: isRoot(document),
      navHydrated: [...document.querySelectorAll("aside nav *")].some(hasFiber),
      react: performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)),
    };
  });
  expect(shape.router, "React Router's context is not sent").toBe(false);
  expect(shape.modules).toHaveLength(1);
  expect(shape.modules[0]).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
  expect(shape.documentHydrated).toBe(false);
  expect(shape.headingHydrated).toBe(false);
  expect(shape.navHydrated).toBe(false);
  // A visitor's star is a link to sign in, which the server's HTML already is: it is not hydrated
  // (signed in, it is: favorites.spec.ts stars entries on this page). A visitor's app bar hydrates at
  // first use (the search below is its first use), the market once it comes near the viewport (below
  // this one's fold, until it is scrolled to); the page's runtimes and its view beacon need no React and start in plain DOM
  // (decision 038). So the page has loaded no React at all.
  expect(shape.islands).toEqual([
    ["app-bar", false],
    ["favorite-star", false],
    ["item-market", false],
    ["record-view", false],
    ["page-runtimes", false],
  ]);
  expect(shape.react, "React is loaded only for an island that hydrates").toBe(false);

  // Scrolled near, the market hydrates, and React with it.
  await scrollToMarket(page);
  await expect.poll(() => islandHydrated(page, "item-market"), { message: "the market hydrates near the viewport" }).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));

  // The star of a visitor offers to sign in and come back here.
  await expect(page.getByRole("link", { name: vi.favorites.signInToStar })).toHaveAttribute(
    "href",
    `/login?redirect=${encodeURIComponent(ITEM)}`,
  );

  // The app bar's search: hits as you type, and a pick loads that page.
  let sameDocument = await markDocument(page);
  const search = page.locator("#app-search");
  await search.click();
  await search.pressSequentially("giap");
  const hit = page.getByRole("listbox", { name: vi.search.results }).getByRole("option").first();
  await expect(hit).toBeVisible();
  // The hits of "gi" or "gia" stay shown while those of "giap" are on their way: the count is said
  // once the answer to the whole query is in.
  const count = new RegExp(`^${vi.search.count_other.replace("{{count}}", "\\d+")}$`);
  await expect(page.getByRole("status").filter({ hasText: count })).toHaveCount(1);
  expect(await islandHydrated(page, "app-bar"), "the search woke the app bar, and React with it").toBe(true);
  const name = ((await hit.textContent()) ?? "").trim();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await hydrated(page);
  expect(await sameDocument()).toBe(false);

  // A link of the server's HTML loads its document like any link, and the page it opens works.
  await page.goto(ITEM);
  await hydrated(page);
  sameDocument = await markDocument(page);
  await page.locator("main").getByRole("link", { name: "Kiếm Sĩ" }).first().click();
  await expect(page).toHaveURL(/\/class\?id=swordsman/);
  await hydrated(page);
  expect(await sameDocument()).toBe(false);
});

test("a page served as islands runs its code only once it has been painted, its entry fetched as the page was parsed", async ({ page }) => {
  // When the starter appends its module script (wall clock, taken before the append).
  await page.addInitScript(() => {
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      if (node instanceof HTMLScriptElement && node.type === "module") {
        Object.assign(window, { entryAppendedAt: performance.timeOrigin + performance.now() });
      }
      return append.call(this, node) as T;
    };
  });
  // Each request of the entry, as the browser's network layer sends it (wall clock, ms).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  let entryRequests: { initiator: string; at: number }[] = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    if (/\/assets\/entry\.client-[\w-]+\.js$/.test(event.request.url))
      entryRequests.push({ initiator: event.initiator.type, at: event.wallTime * 1000 });
  });
  for (const path of ["/", "/equipments-items", "/district"]) {
    entryRequests = [];
    await page.goto(path);
    await hydrated(page);
    // The paint's entry reaches the timeline once the frame is presented, which a busy machine may report after the page hydrated.
    await page.waitForFunction(() => performance.getEntriesByType("paint").length > 0);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByType("paint")[0] as (PerformanceEntry & { paintTime?: number }) | undefined;
      return {
        painted: paint ? (paint.paintTime ?? paint.startTime) : null,
        started: performance.getEntriesByName("islands:start")[0]?.startTime ?? null,
        appendedAt: (window as unknown as { entryAppendedAt?: number }).entryAppendedAt ?? null,
      };
    });
    expect(timing.painted, path).not.toBeNull();
    expect(timing.started, path).not.toBeNull();
    expect(timing.started!, path).toBeGreaterThan(timing.painted!);
    // Requested once, by the module preload the parser found (decision 040), before the starter appended
    // its script: the script reuses the request in flight and starts none of its own. (The initiator the
    // network layer names is "parser" on a quiet machine; on a busy one it may name the script that first
    // used a preload still queued, so the order of the two is what is checked.)
    expect(entryRequests, path).toHaveLength(1);
    expect(timing.appendedAt, path).not.toBeNull();
    expect(entryRequests[0]!.at, `${path}: requested by ${entryRequests[0]!.initiator}`).toBeLessThan(timing.appendedAt!);
  }
});

test("in a page of islands the market's server filter changes the URL in place, and the language switch loads the page in English", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(ITEM);
  await hydrated(page);
  const sameDocument = await markDocument(page);

  await scrollToMarket(page);
  const filter = page.getByRole("combobox", { name: offers.market.server });
  await expect(filter).toBeVisible();
  const server = await filter.locator("option").nth(1).getAttribute("value");
  await filter.selectOption(server ?? "");
  await expect(page).toHaveURL(new RegExp(`[?&]server=${server}`));
  await expect(filter).toHaveValue(server ?? "");
  expect(await sameDocument(), "the filter stays in the document").toBe(true);

  await page.locator("header select").first().selectOption("en-US");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iron Sword");
  await hydrated(page);
  await expect(page.locator("aside nav").getByRole("link", { name: en.pages.craft.nav })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en-US");
});

test("on a phone, the drawer of a page of islands opens by touch and marks the page shown", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(ITEM);
  await hydrated(page);
  await page.getByRole("button", { name: vi.nav.open }).tap();
  const drawer = page.getByRole("dialog", { name: vi.nav.label });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator("[aria-current=page]")).toHaveText(vi.pages.equipmentsItems.nav);
  await drawer.getByRole("link", { name: vi.pages.craft.nav }).tap();
  await expect(page).toHaveURL(/\/craft$/);
  await context.close();
});

test("a visitor's app bar is the server's HTML until first used, and the tap that wakes it still opens the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  expect(await islandHydrated(page, "app-bar")).toBe(false);
  // The first tap wakes it; the tap is held until the island is ready, then done.
  await page.getByRole("button", { name: vi.nav.open }).click();
  const drawer = page.getByRole("dialog", { name: vi.nav.label });
  await expect(drawer).toBeVisible();
  expect(await islandHydrated(page, "app-bar")).toBe(true);
  await expect(drawer.getByRole("link").first()).toBeVisible();

  // A choice in the language list made before the app bar woke is not lost either.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/season");
  await hydrated(page);
  expect(await islandHydrated(page, "app-bar")).toBe(false);
  await page.getByRole("banner").getByLabel(vi.language.label).selectOption("en-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.pages.season.title);
});

test("the feed is served as islands: the feed is one island, a like stays in the document, and a tab moves to its page in place", async ({
  browser,
}) => {
  const origin = test.info().project.use.baseURL ?? "";
  const { page } = await memberInBrowser(browser, "Đảo Bảng Tin", "islands");
  try {
    const text = `Bài trong đảo ${Date.now()}`;
    const posted = await page.request.post("/api/feed/posts", { data: { body: text, lang: "vi" }, headers: { Origin: origin } });
    expect(posted.status()).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/feed");
    await hydrated(page);
    const shape = await page.evaluate(() => ({
      router: "__reactRouterContext" in window,
      islands: [...document.querySelectorAll("[data-island]")].map((element) => element.getAttribute("data-island")),
      headingHydrated: Object.keys(document.querySelector("h1")!).some((key) => key.startsWith("__reactFiber")),
    }));
    expect(shape.router, "React Router's context is not sent").toBe(false);
    expect(shape.headingHydrated).toBe(false);
    expect(shape.islands[0]).toBe("app-bar");
    // A member's app bar waits for its first use, as a visitor's does; its bell is a plain island (decision 042).
    expect(await islandHydrated(page, "app-bar")).toBe(false);
    expect(shape.islands).toContain("unread-bell");
    expect(shape.islands).toContain("feed-list");
    expect(shape.islands.at(-1)).toBe("page-runtimes");

    const sameDocument = await markDocument(page);
    const like = page
      .getByRole("article")
      .filter({ hasText: text })
      .getByRole("button", { name: feed.post.likeLabel.replace("{{name}}", "Đảo Bảng Tin") });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    expect(await sameDocument(), "a like stays in the document").toBe(true);

    await page.getByRole("navigation", { name: feed.sorts.label }).getByRole("link", { name: feed.sorts.top }).click();
    await expect(page).toHaveURL(/\/feed\?sort=top/);
    await hydrated(page);
    // A member's feed tab shows its page in place (decision 044), the sorted feed's own server HTML.
    expect(await sameDocument(), "a member's tab moves in place").toBe(true);
    await expect(page.getByRole("navigation", { name: feed.sorts.label }).getByRole("link", { name: feed.sorts.top })).toHaveAttribute(
      "aria-current",
      "page",
    );
  } finally {
    await page.context().close();
  }
});
