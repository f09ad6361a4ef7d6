import type { Browser, Page, WebSocketRoute } from "@playwright/test";
import chat from "../../locales/vi/chat.json" with { type: "json" };
import { expect, hydrated, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";
import { bubble, openRoom, send } from "./chat-room.ts";
import { formatDate } from "../../app/shared/i18n/format.ts";

const origin = () => test.info().project.use.baseURL ?? "";

/** A new member in a browser context of their own, signed in, with the console watched. */
async function member(browser: Browser, name: string): Promise<{ page: Page; uid: string; problems: string[] }> {
  const context = await browser.newContext({ baseURL: origin(), locale: "vi-VN" });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const email = `chat-${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.vn`;
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "mat-khau-that-dai", name },
    headers: { Origin: origin() },
  });
  expect(signedUp.status()).toBe(200);
  const profile = await page.request.post("/api/profile/sync", { data: {}, headers: { Origin: origin() } });
  return { page, uid: (await profile.json()).uid, problems };
}

test("a visitor is asked to sign in to chat, on a page served as islands that loads no React; a member's open room is live without React too", async ({
  page,
  browser,
}) => {
  await page.goto("/chat");
  await hydrated(page);
  await expect(page.getByText(chat.signedOut)).toBeVisible();
  await expect(page.getByText(chat.signedOut).getByRole("link", { name: chat.signIn })).toHaveAttribute("href", "/login?redirect=%2Fchat");
  // Decision 039: a visitor can only read the prompt, so the page is server HTML.
  const visitor = await page.evaluate(() => ({
    router: "__reactRouterContext" in window,
    islands: [...document.querySelectorAll("[data-island]")].map((element) => element.getAttribute("data-island")),
    react: performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)),
  }));
  expect(visitor).toEqual({ router: false, islands: ["app-bar", "page-runtimes"], react: false });

  // Decision 042: a member's conversation is server HTML made live by a plain island; React loads only
  // for the dialogs (report, mute), when asked for.
  const { page: reader } = await member(browser, "Khach");
  await reader.goto("/chat");
  await hydrated(reader);
  await expect(reader.getByRole("navigation", { name: chat.roomList })).toBeVisible();
  await openRoom(reader, "global-vi");
  const greeting = `Chào cả phòng ${Date.now()}`;
  await send(reader, greeting);
  await expect(bubble(reader, greeting)).toHaveCount(1);
  const reading = await reader.evaluate(() => ({
    router: "__reactRouterContext" in window,
    islands: [...document.querySelectorAll("[data-island]")].map((element) => element.getAttribute("data-island")),
    react: performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)),
  }));
  expect(reading).toEqual({ router: false, islands: expect.arrayContaining(["chat-room", "chat-tools"]), react: false });
  await reader.context().close();
});

test("two members talk live in a direct room: each sees the other's message, once, and an edit, without reloading", async ({ browser }) => {
  const lan = await member(browser, "Lan");
  const minh = await member(browser, "Minh");
  const opened = await lan.page.request.post("/api/chat/direct", { data: { uid: minh.uid }, headers: { Origin: origin() } });
  const room = (await opened.json()).data.id as string;

  await openRoom(lan.page, room);
  await openRoom(minh.page, room);
  await send(lan.page, "Chào Minh, còn Kiếm Sắt không?");
  await expect(bubble(minh.page, "Chào Minh, còn Kiếm Sắt không?")).toHaveCount(1);
  await send(minh.page, "Còn, 500 vàng nhé");
  await expect(bubble(lan.page, "Còn, 500 vàng nhé")).toHaveCount(1);
  await expect(bubble(lan.page, "Chào Minh, còn Kiếm Sắt không?")).toHaveCount(1);

  // Lan corrects her message; Minh sees the new text marked as edited.
  const own = bubble(lan.page, "Chào Minh, còn Kiếm Sắt không?");
  await own.getByRole("button", { name: chat.moreActions.replace("{{name}}", chat.you) }).click();
  await own.getByRole("button", { name: chat.edit }).click();
  await lan.page.getByLabel(chat.editLabel).fill("Chào Minh, còn Kiếm Sắt +5 không?");
  await lan.page.getByRole("button", { name: chat.save }).click();
  await expect(bubble(minh.page, "Chào Minh, còn Kiếm Sắt +5 không?")).toContainText(chat.edited);

  // Lan mentions Minh by picking him from the list that "@mi" opens: the pick is bound to his uid, his bell lights up,
  // and the mention links to his profile.
  const composer = lan.page.getByLabel(chat.composer.label, { exact: true });
  await composer.fill("Hỏi @mi");
  await composer.press("End");
  await composer.pressSequentially("n");
  await expect(lan.page.getByRole("option", { name: "@Minh" })).toBeVisible();
  await composer.press("Enter");
  const token = `@[Minh](/users?id=${minh.uid})`;
  await expect(composer).toHaveValue(`Hỏi ${token} `);
  await composer.pressSequentially("xem giá");
  const mentioned = lan.page.waitForResponse((response) => /\/messages$/.test(response.url()) && response.request().method() === "POST");
  await composer.press("Enter");
  expect((await mentioned).request().postDataJSON()).toMatchObject({ text: `Hỏi ${token} xem giá`, mentions: [minh.uid] });
  await expect(bubble(minh.page, "Hỏi @Minh xem giá")).toHaveCount(1);
  await expect(bubble(minh.page, "Hỏi @Minh xem giá").getByRole("link", { name: "@Minh" })).toHaveAttribute(
    "href",
    `/users?id=${minh.uid}`,
  );

  // Presence: each sees the other online; once Minh leaves the site, Lan sees when he was last seen.
  await expect(lan.page.locator('[data-presence="online"]')).toHaveText(chat.presence.online);
  await expect(minh.page.locator('[data-presence="online"]')).toHaveText(chat.presence.online);
  expect(lan.problems).toEqual([]);
  expect(minh.problems).toEqual([]);
  await minh.page.context().close();
  await expect(lan.page.locator('[data-presence="online"]')).toHaveCount(0);
  await lan.page.reload();
  await expect(lan.page.locator('[data-presence="offline"]')).toContainText(chat.presence.lastSeen.split("{{")[0]!.trim());
  await lan.page.context().close();
});

test("a member who loses the connection gets the messages sent meanwhile once it is back, each once", async ({ browser }) => {
  const an = await member(browser, "An");
  const binh = await member(browser, "Binh");
  const opened = await an.page.request.post("/api/chat/direct", { data: { uid: binh.uid }, headers: { Origin: origin() } });
  const room = (await opened.json()).data.id as string;
  // Binh's socket goes through a route the test can cut, as a lost network or a restarted server would.
  let reachable = true;
  const sockets: WebSocketRoute[] = [];
  await binh.page.routeWebSocket(/\/ws$/, (socket) => {
    if (!reachable) {
      void socket.close({ code: 4000, reason: "unreachable" });
      return;
    }
    socket.connectToServer();
    sockets.push(socket);
  });
  await openRoom(an.page, room);
  await openRoom(binh.page, room);
  await send(an.page, "Trước khi mất mạng");
  await expect(bubble(binh.page, "Trước khi mất mạng")).toHaveCount(1);

  reachable = false;
  for (const socket of sockets.splice(0)) await socket.close({ code: 1001, reason: "going away" });
  await expect(binh.page.getByText(chat.reconnecting)).toBeVisible();
  await send(an.page, "Trong lúc mất mạng 1");
  await send(an.page, "Trong lúc mất mạng 2");
  reachable = true;
  await expect(binh.page.locator('section[data-live="true"]')).toBeVisible({ timeout: 45_000 });
  await expect(bubble(binh.page, "Trong lúc mất mạng 2")).toHaveCount(1);
  await expect(bubble(binh.page, "Trong lúc mất mạng 1")).toHaveCount(1);
  await expect(bubble(binh.page, "Trước khi mất mạng")).toHaveCount(1);
  await expect(binh.page.getByText(chat.reconnecting)).toBeHidden();
  await an.page.context().close();
  await binh.page.context().close();
});

test("the rate limit is told in words and the unsent text is kept", async ({ browser }) => {
  const giang = await member(browser, "Giang");
  const opened = await giang.page.request.post("/api/chat/direct", {
    data: { uid: (await member(browser, "Hoa")).uid },
    headers: { Origin: origin() },
  });
  const room = (await opened.json()).data.id as string;
  await openRoom(giang.page, room);
  for (let index = 0; index < 5; index++) await send(giang.page, `tin ${index}`);
  const refused = giang.page.waitForResponse((response) => response.url().includes("/messages") && response.status() === 429);
  await giang.page.getByLabel(chat.composer.label, { exact: true }).fill("một tin quá nhiều");
  await giang.page.getByLabel(chat.composer.label, { exact: true }).press("Enter");
  await refused;
  await expect(giang.page.getByRole("alert")).toContainText(chat.errors["rate-limit"].split("{{")[0] as string);
  await expect(giang.page.getByLabel(chat.composer.label, { exact: true })).toHaveValue("một tin quá nhiều");
  await giang.page.context().close();
});

test("a member blocks another from a direct conversation: the blocked member is told why, and can write again once unblocked", async ({
  browser,
}) => {
  const kim = await member(browser, "Kim");
  const long = await member(browser, "Long");
  const opened = await long.page.request.post("/api/chat/direct", { data: { uid: kim.uid }, headers: { Origin: origin() } });
  const room = (await opened.json()).data.id as string;
  await openRoom(kim.page, room);
  await openRoom(long.page, room);
  await send(long.page, "Mua rẻ không?");

  kim.page.once("dialog", (dialog) => void dialog.accept());
  const blocked = kim.page.waitForResponse((response) => response.url().endsWith("/api/chat/blocks") && response.status() === 201);
  await kim.page.getByRole("button", { name: chat.block.block.replace("{{name}}", "Long"), exact: true }).click();
  await blocked;
  await expect(kim.page.getByText(chat.block.blockedNotice.replace("{{name}}", "Long"))).toBeVisible();

  const refused = long.page.waitForResponse((response) => response.url().includes("/messages") && response.status() === 403);
  await long.page.getByLabel(chat.composer.label, { exact: true }).fill("Sao không trả lời?");
  await long.page.getByLabel(chat.composer.label, { exact: true }).press("Enter");
  await refused;
  await expect(long.page.getByRole("alert")).toHaveText(chat.errors.blocked);
  await expect(long.page.getByLabel(chat.composer.label, { exact: true })).toHaveValue("Sao không trả lời?");

  await kim.page.getByRole("button", { name: chat.block.unblock.replace("{{name}}", "Long"), exact: true }).click();
  await expect(kim.page.getByRole("button", { name: chat.block.block.replace("{{name}}", "Long"), exact: true })).toBeVisible();
  // Long sees the message go out, then Kim sees it arrive: each side waits for what its reader waits for.
  const accepted = long.page.waitForResponse(
    (response) => response.url().includes("/messages") && response.request().method() === "POST" && response.status() === 201,
  );
  await long.page.getByLabel(chat.composer.label, { exact: true }).press("Enter");
  await accepted;
  await expect(bubble(long.page, "Sao không trả lời?")).toHaveCount(1);
  await expect(bubble(kim.page, "Sao không trả lời?")).toHaveCount(1);
  await kim.page.context().close();
  await long.page.context().close();
});

test("axe finds no serious or critical violation on a conversation at 390 and 1440px", async ({ browser }) => {
  const lan = await member(browser, "Axe");
  await openRoom(lan.page, "global-vi");
  // The lounge outlives the journey (a repeated run finds earlier greetings): this one's own words.
  const greeting = `Xin chào https://example.vn @Ai đó ${Date.now()}`;
  await send(lan.page, greeting);
  await expect(bubble(lan.page, greeting)).toHaveCount(1);
  expect(await seriousViolationsAtEveryWidth(lan.page)).toEqual([]);
  await lan.page.goto("/chat");
  expect(await seriousViolationsAtEveryWidth(lan.page)).toEqual([]);

  // A conversation with unread messages shows where they begin.
  const mai = await member(browser, "Mai");
  const opened = await mai.page.request.post("/api/chat/direct", { data: { uid: lan.uid }, headers: { Origin: origin() } });
  const room = (await opened.json()).data.id as string;
  const written = await mai.page.request.post(`/api/chat/rooms/${room}/messages`, {
    data: { text: "Chào bạn, còn bán không?", clientId: `axe-${Date.now()}` },
    headers: { Origin: origin() },
  });
  expect(written.status()).toBe(201);
  await openRoom(lan.page, room);
  await expect(lan.page.getByRole("separator").filter({ hasText: chat.newMessages })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(lan.page)).toEqual([]);
  await lan.page.context().close();
  await mai.page.context().close();
});

test("a member in New York reads the times of a room the server rendered in their own zone", async ({ browser }) => {
  const writer = await member(browser, "Gio");
  const text = `Bên đó mấy giờ rồi? ${Date.now()}`;
  const written = await writer.page.request.post("/api/chat/rooms/global-vi/messages", {
    data: { text, clientId: `zone-${Date.now()}` },
    headers: { Origin: origin() },
  });
  expect(written.status()).toBe(201);
  const { createdAt } = (await written.json()).data as { createdAt: number };
  const inZone = (timeZone: string) => {
    const zone = process.env.TZ;
    process.env.TZ = timeZone;
    try {
      return formatDate(createdAt, "vi", { time: "short", local: true });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  };
  // Game time is 7 hours ahead of UTC; New York is 4 or 5 hours behind it: never the same time of day.
  expect(inZone("America/New_York")).not.toBe(formatDate(createdAt, "vi", { time: "short" }));

  const context = await browser.newContext({ baseURL: origin(), locale: "vi-VN", timezoneId: "America/New_York" });
  await context.addCookies(await writer.page.context().cookies());
  const page = await context.newPage();
  await openRoom(page, "global-vi");
  const message = bubble(page, text);
  await expect(message.locator("time")).toHaveText(inZone("America/New_York"));

  await context.close();
  await writer.page.context().close();
});
