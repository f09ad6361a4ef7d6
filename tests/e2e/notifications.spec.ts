import type { APIRequestContext, Browser, Page } from "@playwright/test";
import common from "../../locales/vi/common.json" with { type: "json" };
import notifications from "../../locales/vi/notifications.json" with { type: "json" };
import { expect, hydrated, islandHydrated, openFollowing, PASSWORD, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const origin = () => test.info().project.use.baseURL ?? "";

/** Signs up and creates the profile through `request` (a page's, so the page is signed in too); answers the uid. */
async function member(request: APIRequestContext, name: string): Promise<string> {
  const email = `notif-${name.replace(/\W/g, "")}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.vn`;
  const signedUp = await request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name },
    headers: { Origin: origin() },
  });
  expect(signedUp.status()).toBe(200);
  return (await (await request.post("/api/profile/sync", { data: {}, headers: { Origin: origin() } })).json()).uid;
}

/** Another member, in a browser context of their own, who writes: a mention in the Vietnamese lounge, or a direct message. */
async function otherMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: origin() });
  const { request } = await context.newPage();
  await member(request, name);
  let sent = 0;
  const post = async (room: string, text: string) => {
    const answer = await request.post(`/api/chat/rooms/${room}/messages`, {
      data: { text, clientId: `notif-${Date.now()}-${++sent}` },
      headers: { Origin: origin() },
    });
    expect(answer.status()).toBe(201);
  };
  return {
    mention: (who: string, text: string) => post("global-vi", `@${who} ${text}`),
    async directMessage(uid: string, text: string): Promise<string> {
      const room = (await (await request.post("/api/chat/direct", { data: { uid }, headers: { Origin: origin() } })).json()).data.id;
      await post(room, text);
      return room;
    },
    close: () => context.close(),
  };
}

const unreadBell = (page: Page, count: number) =>
  page.getByRole("banner").getByRole("link", { name: common.notificationBell.unread_one.replace("{{count}}", String(count)) });

test("a mention lights the bell live; /notification lists it and marks it read, and the bell goes dark", async ({ page, browser }) => {
  const email = `notif-${Date.now()}@example.vn`;
  expect(
    (
      await page.request.post("/api/auth/sign-up/email", {
        data: { email, password: "mat-khau-that-dai", name: "Quyên Trần" },
        headers: { Origin: origin() },
      })
    ).status(),
  ).toBe(200);
  await page.request.post("/api/profile/sync", { data: {}, headers: { Origin: origin() } });
  await page.goto("/equipments-items");
  await hydrated(page);
  const bell = page.getByRole("banner").getByRole("link", { name: common.notificationBell.label, exact: true });
  await expect(bell).toBeVisible();

  // Someone else mentions her in the Vietnamese lounge while she reads the catalog.
  const other = await browser.newContext({ baseURL: origin() });
  const sender = await other.newPage();
  await sender.request.post("/api/auth/sign-up/email", {
    data: { email: `notif-sender-${Date.now()}@example.vn`, password: "mat-khau-that-dai", name: "Khoa" },
    headers: { Origin: origin() },
  });
  await sender.request.post("/api/profile/sync", { data: {}, headers: { Origin: origin() } });
  const sent = await sender.request.post("/api/chat/rooms/global-vi/messages", {
    data: { text: "@Quyên Trần xem giúp mình cái giá này", clientId: `notif-${Date.now()}` },
    headers: { Origin: origin() },
  });
  expect(sent.status()).toBe(201);
  await other.close();

  const lit = page.getByRole("banner").getByRole("link", { name: common.notificationBell.unread_one.replace("{{count}}", "1") });
  await expect(lit).toBeVisible();
  await lit.click();
  await expect(page).toHaveURL(/\/notification$/);
  const item = page.getByRole("listitem").filter({ hasText: "Khoa đã nhắc đến bạn" });
  await expect(item).toContainText("xem giúp mình cái giá này");
  await expect(item.getByRole("link")).toHaveAttribute("href", "/chat?room=global-vi");
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: notifications.markAll }).click();
  await expect(item.getByRole("button", { name: notifications.markRead })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: common.notificationBell.label, exact: true })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(notifications.filters.unread) }).click();
  await expect(page.getByText(notifications.emptyUnread)).toBeVisible();
});

test("a member's page comes with the bell's count: it shows though no socket ever answers", async ({ page, browser }) => {
  const name = uniqueName("Hà");
  const uid = await member(page.request, name);
  const khoa = await otherMember(browser, "Khoa");
  await khoa.mention(name, "xem giúp mình cái giá này");
  await khoa.directMessage(uid, "Bán kiếm không?");
  await khoa.close();
  // No socket ever answers: what the bell shows is the page's own.
  await page.routeWebSocket(/\/ws$/, () => {});
  const response = await page.goto("/me");
  const label = common.notificationBell.unread_one.replace("{{count}}", "2");
  expect(await response!.text()).toContain(`aria-label="${label}"`);
  await hydrated(page);
  await expect(unreadBell(page, 2)).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("unread-badge")).toHaveText("2");
});

test("a visitor has no bell and is asked to sign in on /notification", async ({ page }) => {
  await page.goto("/notification");
  await hydrated(page);
  await expect(page.getByRole("banner").getByRole("link", { name: common.notificationBell.label })).toHaveCount(0);
  await expect(page.getByText(notifications.signedOut).getByRole("link", { name: notifications.signIn })).toHaveAttribute(
    "href",
    "/login?redirect=%2Fnotification",
  );
});

/** A display name no other journey uses: a mention names one member only when the name is unique. */
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

test("a kind turned off in /me no longer lights the bell, and other kinds still do", async ({ page, browser }) => {
  const name = uniqueName("Hà");
  const uid = await member(page.request, name);
  await openFollowing(page, "/me");
  const mentions = page.getByRole("group", { name: notifications.preferences.kinds.mention.label });
  const inApp = mentions.getByRole("switch", { name: notifications.preferences.inApp });
  await expect(inApp).toBeChecked();
  await inApp.click();
  await expect(page.getByRole("status").filter({ hasText: notifications.preferences.saved })).toBeVisible();
  await expect(inApp).not.toBeChecked();
  // Without mentions in the app, their browser notification waits for them, and says so.
  const browserSwitch = mentions.getByRole("switch", { name: notifications.preferences.browser });
  await expect(browserSwitch).toBeDisabled();
  await expect(browserSwitch).toHaveAccessibleDescription(notifications.preferences.browserNeedsInApp);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  // A mention, then a direct message: only the direct message counts.
  const khoa = await otherMember(browser, "Khoa");
  await khoa.mention(name, "xem giúp mình cái giá này");
  await khoa.directMessage(uid, "Bán kiếm không?");
  await khoa.close();
  await expect(unreadBell(page, 1)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(
    page
      .getByRole("group", { name: notifications.preferences.kinds.mention.label })
      .getByRole("switch", { name: notifications.preferences.inApp }),
  ).not.toBeChecked();
  await unreadBell(page, 1).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Khoa đã nhắn tin cho bạn" })).toBeVisible();
  await expect(page.getByText("Khoa đã nhắc đến bạn")).toHaveCount(0);
});

test("a direct message shows a browser notification once allowed in /me, which opens the conversation; not while it is open", async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(["notifications"]);
  // The browser's permission reads "not asked yet" until the page asks; every notification shown is recorded.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body: string; open: () => void }[] = [];
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? "", open: () => this.dispatchEvent(new Event("click")) });
      }
      static override get permission(): NotificationPermission {
        return sessionStorage.getItem("asked") ? Real.permission : "default";
      }
      static override async requestPermission(): Promise<NotificationPermission> {
        sessionStorage.setItem("asked", "1");
        return Real.permission;
      }
    }
    // Shown through the service worker (as Chrome on Android needs): its click comes back to the page
    // as the worker's message, which is what `open` sends (the worker's side is a unit test).
    const showThroughWorker = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      const href = (options?.data as { href?: string } | undefined)?.href ?? "/";
      shown.push({
        title,
        body: options?.body ?? "",
        open: () => navigator.serviceWorker.dispatchEvent(new MessageEvent("message", { data: { type: "open-notification", href } })),
      });
      return showThroughWorker.call(this, title, options).catch(() => undefined);
    };
    Object.assign(window, { Notification: Recorded, shownNotifications: shown });
  });
  type Shown = { title: string; body: string; open: () => void };
  const shown = () =>
    page.evaluate(() =>
      (window as unknown as { shownNotifications: Shown[] }).shownNotifications.map(({ title, body }) => ({ title, body })),
    );

  const name = uniqueName("Hà");
  const uid = await member(page.request, name);
  await page.goto("/me");
  await hydrated(page);
  await expect(page.getByText(notifications.preferences.permission.default)).toBeVisible();
  await page.getByRole("button", { name: notifications.preferences.permission.allow }).click();
  await expect(page.getByText(notifications.preferences.permission.granted)).toBeVisible();
  await expect(page.getByRole("button", { name: notifications.preferences.permission.allow })).toHaveCount(0);

  await openFollowing(page, "/equipments-items");
  const khoa = await otherMember(browser, "Khoa");
  const room = await khoa.directMessage(uid, "Bán kiếm không?");
  await expect.poll(shown).toEqual([{ title: "Tin nhắn mới từ Khoa", body: "Bán kiếm không?" }]);
  await page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications[0]?.open());
  await expect(page).toHaveURL(`/chat?room=${encodeURIComponent(room)}`);
  await hydrated(page);

  // In view on that conversation: the message shows there, not as a browser notification. A mention still does.
  await khoa.directMessage(uid, "Còn đó không?");
  await expect(page.getByText("Còn đó không?")).toBeVisible();
  await khoa.mention(name, "ở kênh chung");
  // The list is the page's own: opening the conversation from a page served as islands loaded a new document.
  await expect.poll(shown).toContainEqual({ title: "Khoa đã nhắc đến bạn", body: `@${name} ở kênh chung` });
  expect((await shown()).filter((notification) => notification.body === "Còn đó không?")).toEqual([]);
  await khoa.close();
});

test("/notification is server HTML without React: older ones load under the list, one is marked read, and one that arrives shows at the top, the bell agreeing", async ({
  page,
  browser,
}) => {
  const uid = await member(page.request, uniqueName("Lan"));
  // 35 direct messages from 7 members (5 each, the chat's rate): one page of 30 and 5 older.
  const senders = await Promise.all(Array.from({ length: 7 }, (_, index) => otherMember(browser, `Người Gửi ${index}`)));
  await Promise.all(
    senders.map(async (sender, index) => {
      for (let each = 0; each < 5; each++) await sender.directMessage(uid, `Tin ${index}-${each}`);
    }),
  );
  await Promise.all(senders.map((sender) => sender.close()));
  const reactLoaded = () =>
    page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)));
  const unreadFilter = (count: number) => page.getByRole("link", { name: `${notifications.filters.unread} (${count})`, exact: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await openFollowing(page, "/notification");
  expect(await islandHydrated(page, "app-bar")).toBe(false);
  const rows = page.locator("[data-notification]");
  await expect(rows).toHaveCount(30);
  await expect(rows.first()).toContainText("Người Gửi");
  await expect(unreadFilter(35)).toBeVisible();
  await expect(unreadBell(page, 35)).toBeVisible();

  // Older ones come under the list, in place; then there are no more.
  await page.getByRole("link", { name: notifications.more }).click();
  await expect(rows).toHaveCount(35);
  await expect(page.getByRole("link", { name: notifications.more })).toHaveCount(0);
  await expect(page).toHaveURL(/\/notification$/);

  // The oldest, marked read: its row says so, and the page's count and the bell's agree.
  const oldest = rows.last();
  await oldest.getByRole("button", { name: notifications.markRead }).click();
  await expect(oldest.getByRole("button", { name: notifications.markRead })).toHaveCount(0);
  await expect(oldest).not.toHaveAttribute("data-unread");
  await expect(unreadFilter(34)).toBeVisible();
  await expect(unreadBell(page, 34)).toBeVisible();

  // One that arrives while the page is open shows at the top.
  const late = await otherMember(browser, "Người Đến Sau");
  await late.directMessage(uid, "Vừa mới tới");
  await late.close();
  await expect(rows.first()).toContainText("Vừa mới tới");
  await expect(rows).toHaveCount(36);
  await expect(unreadFilter(35)).toBeVisible();
  await expect(unreadBell(page, 35)).toBeVisible();
  expect(await reactLoaded(), "nothing on the page needed React").toBe(false);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
});
