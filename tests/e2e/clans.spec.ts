import type { Browser } from "@playwright/test";
import chat from "../../locales/vi/chat.json" with { type: "json" };
import clansVi from "../../locales/vi/clans.json" with { type: "json" };
import clansEn from "../../locales/en-US/clans.json" with { type: "json" };
import { expect, hydrated, islandHydratedIn, memberInBrowser, seriousViolationsAtEveryWidth, test, useLanguage } from "./fixtures.ts";
import { bubble, openRoom, send } from "./chat-room.ts";

// The map's link to a clan that does not exist answers 404, which the visitor's browser notes.
test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 404/] });

const member = (browser: Browser, name: string) => memberInBrowser(browser, name, "clans");
const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

test("a leader founds a clan, approves a member who asked, they talk in the clan room an outsider cannot open, and a kicked member's open room stops at once", async ({
  browser,
}) => {
  const t = clansVi;
  const tag = `L${suffix()}`;
  const name = `Lạc Vân Hội ${tag}`;

  // The leader founds the clan from the directory's form.
  const leader = await member(browser, "Bang Chủ");
  await leader.page.goto("/clan");
  await hydrated(leader.page);
  const form = leader.page.getByRole("region", { name: t.create.title });
  await form.getByLabel(t.create.name).fill(name);
  // The form is an island woken by that first use: what follows waits for it, as a person's next tap would.
  await expect.poll(() => islandHydratedIn(form, "clan-create")).toBe(true);
  await form.getByLabel(t.create.tag).fill(tag.toLowerCase());
  await expect(form.getByLabel(t.create.tag)).toHaveValue(tag);
  await form.getByText(t.emblems["wolf-head"], { exact: true }).click();
  await form.getByRole("button", { name: t.create.submit }).click();
  await expect(leader.page).toHaveURL(/\/clan\?id=clan-[a-f0-9]{20}$/);
  await expect(leader.page.getByRole("heading", { level: 1 })).toContainText(name);
  const clanUrl = leader.page.url();
  expect(await seriousViolationsAtEveryWidth(leader.page)).toEqual([]);

  // A second member asks to join; the request waits for an officer.
  const joiner = await member(browser, "Tân Binh");
  await joiner.page.goto(clanUrl);
  await hydrated(joiner.page);
  await joiner.page.getByRole("button", { name: t.actions.join }).click();
  await expect(joiner.page.getByText(t.actions.requested)).toBeVisible();

  // The leader approves it from the clan's page; the new member is listed.
  await leader.page.reload();
  await hydrated(leader.page);
  const requests = leader.page.getByRole("region", { name: t.page.requests });
  await expect(requests.getByRole("link", { name: "Tân Binh" })).toBeVisible();
  await requests.getByRole("button", { name: t.actions.approve }).click();
  const members = leader.page.getByRole("region", { name: new RegExp(`^${t.page.members}`) });
  await expect(members.getByRole("link", { name: "Tân Binh" })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(leader.page)).toEqual([]);

  // They talk in the clan room, which the member reaches from the clan's page.
  await joiner.page.reload();
  await hydrated(joiner.page);
  await joiner.page.getByRole("link", { name: t.page.room }).click();
  await expect(joiner.page).toHaveURL(/\/chat\?room=clan-/);
  const room = new URL(joiner.page.url()).searchParams.get("room") ?? "";
  await expect(joiner.page.locator('section[data-live="true"]')).toBeVisible();
  await openRoom(leader.page, room);
  const hello = `Chào cả bang ${tag}`;
  await send(joiner.page, hello);
  await expect(bubble(leader.page, hello)).toHaveCount(1);

  // An outsider sees the clan but not its room.
  const outsider = await member(browser, "Người Ngoài");
  await outsider.page.goto(clanUrl);
  await hydrated(outsider.page);
  await expect(outsider.page.getByRole("link", { name: t.page.room })).toHaveCount(0);
  expect((await outsider.page.request.get(`/api/chat/rooms/${room}/messages`)).status()).toBe(403);
  const refused = await outsider.page.goto(`/chat?room=${encodeURIComponent(room)}`);
  expect(refused?.status()).toBe(403);

  // The leader removes the member, whose open room says so and receives nothing more.
  const manage = await browser.newPage({ baseURL: new URL(clanUrl).origin });
  await manage.context().addCookies(await leader.page.context().cookies());
  await manage.goto(clanUrl);
  await hydrated(manage);
  const row = manage.getByRole("group", { name: t.actions.manage.replace("{{name}}", "Tân Binh") });
  await row.getByRole("button", { name: t.actions.kick }).click();
  await row.getByRole("button", { name: t.actions.confirm }).click();
  await expect(manage.getByRole("region", { name: new RegExp(`^${t.page.members}`) }).getByRole("link", { name: "Tân Binh" })).toHaveCount(
    0,
  );
  await expect(joiner.page.getByText(chat.errors.removed)).toBeVisible();
  await expect(joiner.page.locator('section[data-live="false"]')).toBeVisible();
  const after = `Sau khi rời bang ${tag}`;
  await send(leader.page, after);
  await expect(bubble(leader.page, after)).toHaveCount(1);
  await expect(bubble(joiner.page, after)).toHaveCount(0);

  for (const each of [leader, joiner, outsider]) await each.page.context().close();
  await manage.close();
});

test("in English, a member takes an invitation from the directory and reads the clan in English; a visitor is asked to sign in; the map's link by server and tag opens it", async ({
  browser,
  page,
}) => {
  const t = clansEn;
  const origin = test.info().project.use.baseURL ?? "";
  const tag = `E${suffix()}`;
  const name = `Cloudfall Guard ${tag}`;
  const leader = await member(browser, "Leader En");
  const made = await leader.page.request.post("/api/clans", {
    data: { server: "bach-hac", name, tag, emblem: "game-icons:shield", language: "en" },
    headers: { Origin: origin },
  });
  expect(made.status()).toBe(201);
  const clan = (await made.json()).data as { id: string };
  const guest = await member(browser, "Guest En");
  const invited = await leader.page.request.post(`/api/clans/${clan.id}/invites`, {
    data: { uid: guest.uid },
    headers: { Origin: origin },
  });
  expect(invited.status()).toBe(201);

  await useLanguage(guest.page, "en-US");
  await guest.page.goto("/clan");
  await hydrated(guest.page);
  const mine = guest.page.getByRole("region", { name: t.mine.title });
  await expect(mine.getByText(t.mine.none)).toBeVisible();
  await expect(mine.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(guest.page)).toEqual([]);
  await mine.getByRole("button", { name: t.mine.accept }).click();
  await expect(mine.getByText(t.mine.role.replace("{{role}}", t.roles.member))).toBeVisible();

  await mine.getByRole("link", { name: new RegExp(name) }).click();
  await expect(guest.page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(guest.page.getByRole("complementary", { name: t.page.log })).toContainText(t.log.joined.replace("{{target}}", "Guest En"));
  await expect(guest.page.getByRole("button", { name: t.actions.leave })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(guest.page)).toEqual([]);

  // A visitor reads the clan and is offered a sign-in that comes back to it.
  await useLanguage(page, "en-US");
  await page.goto(`/clan?server=bach-hac&tag=${tag}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.locator("#main").getByRole("link", { name: t.page.signInAction })).toHaveAttribute(
    "href",
    `/login?redirect=${encodeURIComponent(`/clan?id=${clan.id}`)}`,
  );
  const missing = await page.goto("/clan?server=bach-hac&tag=ZZZZ9");
  expect(missing?.status()).toBe(404);
  // The 404 says so and offers the directory.
  await page.locator("#main").getByRole("link", { name: "Browse Clans" }).click();
  await expect(page).toHaveURL(/\/clan$/);

  // A held manor names its clan's server in the pack: the map links the clan's page by server and tag.
  await page.goto("/manor?id=windmill-manor");
  await expect(page.locator("#main").getByRole("link", { name: "Lạc Vân Kỵ" })).toHaveAttribute("href", "/clan?server=suong-mai&tag=LVK");

  for (const each of [leader, guest]) await each.page.context().close();
});

test("an officer plans a weekly event in game time from the clan's page and a member answers it", async ({ browser }) => {
  const t = clansVi;
  const origin = test.info().project.use.baseURL ?? "";
  const tag = `V${suffix()}`;
  const leader = await member(browser, "Trưởng Sự Kiện");
  const made = await leader.page.request.post("/api/clans", {
    data: { server: "suong-mai", name: `Hội Sự Kiện ${tag}`, tag, emblem: "game-icons:crown", language: "vi" },
    headers: { Origin: origin },
  });
  const clan = (await made.json()).data as { id: string };
  const joiner = await member(browser, "Người Đi");
  await joiner.page.request.post(`/api/clans/${clan.id}/join`, { data: {}, headers: { Origin: origin } });
  await leader.page.request.post(`/api/clans/${clan.id}/members/${joiner.uid}/approve`, { data: {}, headers: { Origin: origin } });

  await leader.page.goto(`/clan?id=${clan.id}`);
  await hydrated(leader.page);
  const events = leader.page.getByRole("region", { name: t.events.title });
  await expect(events.getByText(t.events.none)).toBeVisible();
  // Tomorrow, 20:30 game time.
  const tomorrow = new Date(Date.now() + 7 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10);
  await events.getByLabel(t.events.titleField).fill("Bang chiến tối");
  await expect.poll(() => islandHydratedIn(events, "clan-event-schedule")).toBe(true);
  await events.getByLabel(t.events.date).fill(tomorrow);
  await events.getByLabel(t.events.time).fill("20:30");
  await events.getByLabel(t.events.repeatWeekly).check();
  await events.getByRole("button", { name: t.events.submit }).click();
  const item = events.getByRole("listitem").filter({ hasText: "Bang chiến tối" });
  await expect(item).toContainText("20:30");
  await expect(item).toContainText(t.events.weekly);
  expect(await seriousViolationsAtEveryWidth(leader.page)).toEqual([]);

  await joiner.page.goto(`/clan?id=${clan.id}#events`);
  await hydrated(joiner.page);
  const answer = joiner.page.getByRole("group", { name: t.events.yourAnswer.replace("{{title}}", "Bang chiến tối") });
  await answer.getByRole("button", { name: t.events.answers.going }).click();
  await expect(
    joiner.page
      .getByRole("group", { name: t.events.yourAnswer.replace("{{title}}", "Bang chiến tối") })
      .getByRole("button", { name: t.events.answers.going }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(joiner.page.getByRole("region", { name: t.events.title })).toContainText(
    t.events.counts.replace("{{going}}", "1").replace("{{maybe}}", "0").replace("{{no}}", "0"),
  );
  // A member does not plan events.
  await expect(joiner.page.getByRole("button", { name: t.events.submit })).toHaveCount(0);

  for (const each of [leader, joiner]) await each.page.context().close();
});
