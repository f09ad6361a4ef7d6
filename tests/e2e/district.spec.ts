import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import map from "../../locales/vi/map.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import { expect, hydrated, islandHydrated, test, useLanguage } from "./fixtures.ts";

/** Wakes the map as a keyboard reader does (focusing it), and waits for Leaflet to take over from the static map. */
async function mapReady(page: Page) {
  await hydrated(page);
  await page.locator(".district-map").focus();
  await expect(page.locator(".district-map.leaflet-container")).toHaveAttribute("data-ready", "true");
}

/** Whether the page has asked for Leaflet's chunk. */
function watchLeaflet(page: Page): () => boolean {
  let asked = false;
  page.on("request", (request) => {
    if (/\/assets\/leaflet-live-[\w-]+\.js$/.test(new URL(request.url()).pathname)) asked = true;
  });
  return () => asked;
}

test("the map shows its districts and markers before Leaflet, which a reader who only looks never loads", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const leafletAsked = watchLeaflet(page);
  await page.goto("/district?layers=boss,npc");
  await hydrated(page);
  // The whole map part is server HTML until it is used (decision 032); the layer tap below wakes it.
  expect(await islandHydrated(page, "district-map")).toBe(false);
  const markers = page.locator("[data-static-marker]");
  // Spread like the live map's: at this width some are left out so that no two overlap.
  await expect(markers.first()).toBeVisible();
  const count = await markers.count();
  expect(count).toBeGreaterThan(5);
  expect(count).toBeLessThanOrEqual(15);
  await expect(page.locator('[data-static-marker][data-kind="shop"]')).toHaveCount(0);
  await expect(markers.first()).toHaveAttribute("aria-label", /\((Boss|NPC)\)$/);
  // A layer toggled before Leaflet changes the static markers too.
  await page.getByRole("checkbox", { name: new RegExp(map.kinds.npc) }).tap();
  await expect(page).toHaveURL(/[?&]layers=boss(&|$)/);
  await expect(page.locator('[data-static-marker][data-kind="npc"]')).toHaveCount(0);
  await expect(page.locator('[data-static-marker][data-kind="boss"]').first()).toBeVisible();
  expect(await islandHydrated(page, "district-map")).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(leafletAsked(), "Leaflet is not loaded until the map is used").toBe(false);
  await expect(page.locator(".district-map")).toHaveAttribute("data-ready", "false");

  // A marker of the static map tapped opens it in the live map, with its popup and its district's panel
  // (the tap wakes Leaflet, which takes over only once the finger is lifted and the tap has landed).
  const boss = page.locator('[data-static-marker][data-kind="boss"]').first();
  const id = await boss.getAttribute("data-static-marker");
  const name = ((await boss.getAttribute("title")) ?? "").trim();
  await boss.tap();
  await expect(page).toHaveURL(new RegExp(`[?&]marker=${id}(&|$)`));
  await expect(page.locator(".district-map")).toHaveAttribute("data-ready", "true");
  await expect(page.locator(".leaflet-popup")).toContainText(name);
  await expect(page.getByTestId("district-panel")).toBeVisible();
  expect(leafletAsked()).toBe(true);
  await context.close();
});

test("by keyboard, a static marker opens its popup in the live map and the focus follows it there", async ({ page }) => {
  await page.goto("/district?layers=boss");
  await hydrated(page);
  const boss = page.locator("[data-static-marker]").first();
  const name = ((await boss.getAttribute("title")) ?? "").trim();
  await boss.focus();
  await expect(page.locator(".district-map")).toHaveAttribute("data-ready", "false");
  await page.keyboard.press("Enter");
  await expect(page.locator(".district-map")).toHaveAttribute("data-ready", "true");
  await expect(page.locator(".leaflet-popup")).toContainText(name);
  await expect(page.locator(".district-map")).toBeFocused();
});

test("a district tapped on the static map opens its panel, and its zoom button wakes the map and zooms", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("/district");
  await hydrated(page);
  // A point of the district that no marker or name covers, with room for a finger all around it.
  const spot = await page.locator('[data-static-map] polygon[data-district="ashveil-dunes"]').evaluate((polygon) => {
    const box = polygon.getBoundingClientRect();
    const inside = (x: number, y: number) => document.elementFromPoint(x, y) === polygon;
    const roomy = (x: number, y: number) => [-10, 0, 10].every((dx) => [-10, 0, 10].every((dy) => inside(x + dx, y + dy)));
    for (let y = box.top + 10; y < box.bottom - 10; y += 4)
      for (let x = box.left + 10; x < box.right - 10; x += 4) if (roomy(x, y)) return { x, y };
    return null;
  });
  expect(spot).not.toBeNull();
  await page.touchscreen.tap(spot!.x, spot!.y);
  await expect(page).toHaveURL(/[?&]id=ashveil-dunes/);
  await expect(page.getByTestId("district-panel").getByRole("heading", { level: 2 })).toHaveText("Sa Mạc Tro Bạc");

  await page.goto("/district");
  await hydrated(page);
  const frame = (await page.locator(".district-map").boundingBox())!;
  await page.getByRole("button", { name: map.map.zoomIn }).tap();
  await expect(page.locator(".district-map")).toHaveAttribute("data-ready", "true");
  await expect.poll(() => zoomScale(page)).toBeGreaterThan(frame.width * 1.1);
  await context.close();
});

/** The map image's width on screen, once a zoom animation has ended. */
async function zoomScale(page: Page): Promise<number> {
  await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
  return page.locator(".leaflet-image-layer").evaluate((image) => image.getBoundingClientRect().width);
}

test("the map renders with markers, and a layer toggle hides its markers and updates the URL", async ({ page }) => {
  await page.goto("/district");
  await mapReady(page);
  await expect(page.getByRole("region", { name: map.map.label })).toBeVisible();
  await expect(page.locator(".leaflet-image-layer")).toBeVisible();
  const bosses = page.locator('.leaflet-marker-icon[data-kind="boss"]');
  await expect(bosses).toHaveCount(8);
  await expect(page.locator(".leaflet-marker-icon[data-marker]")).toHaveCount(40);
  await expect(bosses.first()).toHaveAttribute("aria-label", /\(Boss\)$/);

  await page.getByRole("checkbox", { name: new RegExp(map.kinds.boss) }).uncheck();
  await expect(bosses).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]layers=npc,resource,portal,dungeon,shop,quest,waypoint(&|$)/);
  await page.getByRole("checkbox", { name: new RegExp(map.kinds.npc) }).uncheck();
  await expect(page.locator('.leaflet-marker-icon[data-kind="npc"]')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]layers=resource,portal,dungeon,shop,quest,waypoint(&|$)/);

  await page.getByRole("checkbox", { name: new RegExp(map.kinds.boss) }).check();
  await expect(bosses).toHaveCount(8);

  // The layers in the URL are restored on a fresh load.
  await page.goto("/district?layers=boss,npc");
  await mapReady(page);
  await expect(page.locator(".leaflet-marker-icon[data-marker]")).toHaveCount(15);
  await expect(page.getByRole("checkbox", { name: new RegExp(map.kinds.shop) })).not.toBeChecked();
});

test("zoom buttons change the zoom", async ({ page }) => {
  await page.goto("/district");
  await mapReady(page);
  const before = await zoomScale(page);
  await page.getByRole("button", { name: map.map.zoomIn }).click();
  await expect.poll(() => zoomScale(page)).toBeGreaterThan(before * 1.2);
  await page.waitForTimeout(300);
  const zoomed = await zoomScale(page);
  await page.getByRole("button", { name: map.map.zoomOut }).click();
  await expect.poll(() => zoomScale(page)).toBeLessThan(zoomed * 0.9);
});

test("a marker link focuses the marker and shows its district", async ({ page }) => {
  await page.goto("/district?marker=harbor-smith-moc");
  await mapReady(page);
  await expect(page.getByRole("heading", { level: 2, name: "Cảng Sương Mù" })).toBeVisible();
  await expect(page.locator(".leaflet-popup")).toContainText("Lão thợ rèn Mộc");
  await expect(page.getByTestId("district-owner")).toHaveText(vi.clanHold.safeZone);
});

test("the district list selects a district in English too", async ({ page }) => {
  await useLanguage(page, "en-US");
  await page.goto("/district");
  await mapReady(page);
  await page.getByRole("link", { name: /Emberpeak/ }).click();
  await expect(page).toHaveURL(/[?&]id=emberpeak/);
  const panel = page.getByTestId("district-panel");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Emberpeak");
  await expect(panel.getByTestId("district-tax")).toHaveText("10%");
  await expect(panel.getByTestId("district-owner")).toContainText("Thanh Long Hội [TLH]");
  await expect(panel.getByTestId("district-owner")).toContainText("since Nov 1, 2026");
});

test.describe("on a phone", () => {
  test("tapping a district shows its panel with the tax rate, a touch drag pans, and ?id= deep links", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/district");
    await mapReady(page);
    // The whole world fits the phone's map at first (zoom below the map's own size).
    const world = await page.locator(".leaflet-image-layer").boundingBox();
    const frame = await page.locator(".district-map").boundingBox();
    expect(world!.width).toBeLessThanOrEqual(frame!.width + 1);
    expect(world!.height).toBeLessThanOrEqual(frame!.height + 1);

    // Tap the district's name: labels let taps through to the region below.
    const label = page.locator(".district-label", { hasText: "Sa Mạc Tro Bạc" });
    const box = await label.boundingBox();
    expect(box).not.toBeNull();
    await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(page).toHaveURL(/[?&]id=ashveil-dunes/);
    const panel = page.getByTestId("district-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Sa Mạc Tro Bạc");
    await expect(panel.getByTestId("district-tax")).toHaveText("8%");
    await expect(panel.getByTestId("district-owner")).toContainText("Hắc Phong Bang [HPB]");

    // A one-finger drag pans the map (real touch events, through the DevTools protocol).
    const pane = page.locator(".leaflet-map-pane");
    const transform = () => pane.evaluate((element) => getComputedStyle(element).transform);
    await page.getByRole("button", { name: map.map.zoomIn }).tap();
    await page.waitForTimeout(400);
    const before = await transform();
    const area = (await page.locator(".district-map").boundingBox())!;
    const x = area.x + area.width / 2;
    const y = area.y + area.height / 2;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step++)
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x - step * 16, y: y - step * 6 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(transform).not.toBe(before);

    // Deep link: the district is selected straight away.
    await page.goto("/district?id=mist-harbor");
    await mapReady(page);
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Cảng Sương Mù");
    await expect(panel.getByTestId("district-tax")).toHaveText("3%");
    await expect(page.locator(".district-region-mist-harbor")).toHaveAttribute("stroke-width", "4");
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("on a phone, markers", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("are 24 px targets that never overlap (WCAG 2.2), and zooming in shows the ones hidden to make room", async ({ page }) => {
    await page.goto("/district");
    await mapReady(page);
    const shown = page.locator(".leaflet-marker-icon[data-marker]:visible");
    const atFit = await shown.count();
    expect(atFit).toBeGreaterThan(0);
    const targetSize = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
    expect(targetSize.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);

    await page.getByRole("button", { name: map.map.zoomIn }).tap();
    await page.getByRole("button", { name: map.map.zoomIn }).tap();
    await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
    await expect.poll(() => shown.count()).toBeGreaterThan(atFit);
  });
});

test("the page and its data come in one pass: no Suspense boundary is revealed later", async ({ page }) => {
  // A live render (a layer filter is not prerendered) for a phone's browser, not a crawler.
  const phone = "Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
  const html = await (await page.request.get("/district?layers=boss", { headers: { "user-agent": phone } })).text();
  // Served as islands (decision 025): the whole document, its islands' data at the end, and nothing streamed after it.
  expect(html).toContain('id="island-document"');
  expect(html.trimEnd()).toMatch(/<\/html>$/);
  expect(html).not.toContain("$RC(");
  expect(html).not.toContain("<template");
});

test("without JavaScript the static map and the district list are there", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/district?id=starfall-rift&layers=boss");
  await expect(page.getByRole("img", { name: map.map.alt })).toBeVisible();
  await expect(page.getByTestId("district-panel").getByTestId("district-tax")).toHaveText("12%");
  await expect(page.getByRole("navigation", { name: map.districts.heading }).getByRole("link")).toHaveCount(8);
  // The static map's markers are links: one opens its marker's district.
  const boss = page.locator('[data-static-marker][data-kind="boss"]').first();
  await expect(boss).toBeVisible();
  await boss.click();
  await expect(page).toHaveURL(/[?&]marker=[a-z-]+/);
  await expect(page.getByTestId("district-panel")).toBeVisible();
  await context.close();
});

test.describe("unknown districts", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });
  test("an unknown id or marker answers 404", async ({ page }) => {
    for (const path of ["/district?id=no-such-district", "/district?marker=no-such-marker"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(vi.errors.notFound.message);
    }
  });
});

test("a district on the map opens its panel by keyboard", async ({ page }) => {
  await page.goto("/district");
  await mapReady(page);
  const district = page.getByRole("region", { name: map.map.label }).getByRole("button", { name: "Sa Mạc Tro Bạc" });
  await district.focus();
  await expect(district).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]id=[a-z-]+/);
  await expect(page.getByTestId("district-panel").getByRole("heading", { level: 2 })).toHaveText("Sa Mạc Tro Bạc");
});
