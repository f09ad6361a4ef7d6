import vi from "../../locales/vi/common.json" with { type: "json" };
import me from "../../locales/vi/me.json" with { type: "json" };
import type { WebSocket } from "@playwright/test";
import { expect, hydrated, memberInBrowser, openFollowing, PASSWORD, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";

test("“sign out everywhere else” on /me closes the other browser's socket, and that page shows it is signed out without a reload", async ({
  page,
  browser,
}) => {
  const { page: phone } = await memberInBrowser(browser, "Tuấn Hai Máy", "sessions");
  const email = (await (await phone.request.get("/api/auth/get-session")).json()).user.email as string;
  // The same member signs in on this browser too: two sessions.
  const origin = test.info().project.use.baseURL ?? "";
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: origin } });
  expect(signedIn.status()).toBe(200);

  // The phone follows its notifications live: its socket is open and subscribed to the member's topic.
  const phoneSocket = new Promise<WebSocket>((resolve) => phone.on("websocket", resolve));
  await openFollowing(phone, "/");
  await expect(phone.getByRole("button", { name: vi.account.menu })).toBeVisible();
  const closed = (await phoneSocket).waitForEvent("close");

  await page.goto("/me");
  await hydrated(page);
  const devices = page.getByRole("region", { name: me.sessions.title }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: me.sessions.thisDevice })).toHaveCount(1);
  await expect(devices.getByRole("button", { name: me.sessions.signOutDevice })).toHaveCount(2);
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);

  await page.getByRole("button", { name: me.sessions.signOutOthers }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(me.sessions.othersEnded);
  await expect(devices).toHaveCount(1);

  // The server closed the phone's socket; the phone re-read who it is and shows it is signed out, with no reload.
  await closed;
  await expect(phone.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await phone.evaluate(() => localStorage.getItem("userData"))).toBeNull();

  // This device stays signed in.
  await page.reload();
  await hydrated(page);
  await expect(devices).toHaveCount(1);
  await expect(page.getByRole("link", { name: vi.account.signIn, exact: true })).toHaveCount(0);
  await phone.context().close();
});
