import common from "../../locales/vi/common.json" with { type: "json" };
import notifications from "../../locales/vi/notifications.json" with { type: "json" };
import { expect, hydrated, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

const origin = () => test.info().project.use.baseURL ?? "";

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

test("a visitor has no bell and is asked to sign in on /notification", async ({ page }) => {
  await page.goto("/notification");
  await hydrated(page);
  await expect(page.getByRole("banner").getByRole("link", { name: common.notificationBell.label })).toHaveCount(0);
  await expect(page.getByText(notifications.signedOut).getByRole("link", { name: notifications.signIn })).toHaveAttribute(
    "href",
    "/login?redirect=%2Fnotification",
  );
});
