import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import announcementsVi from "../../locales/vi/announcements.json" with { type: "json" };
import auth from "../../locales/vi/auth.json" with { type: "json" };
import chat from "../../locales/vi/chat.json" with { type: "json" };
import feed from "../../locales/vi/feed.json" with { type: "json" };
import guides from "../../locales/vi/guides.json" with { type: "json" };
import moderation from "../../locales/vi/moderation.json" with { type: "json" };
import moderationEn from "../../locales/en-US/moderation.json" with { type: "json" };
import offers from "../../locales/vi/offers.json" with { type: "json" };
import reputation from "../../locales/vi/reputation.json" with { type: "json" };
import vi from "../../locales/vi/common.json" with { type: "json" };
import users from "../../locales/vi/users.json" with { type: "json" };
import { expect, hydrated, islandHydratedIn, openFollowing, seriousViolationsAtEveryWidth, test } from "./fixtures.ts";
import { openRoom } from "./chat-room.ts";

/**
 * Admin, moderator and banned-user journeys. The first admin comes from the one-time setup link
 * the server writes to SETUP_LINK_FILE, as an operator would use it; it works once, so these run in order.
 */
test.describe.configure({ mode: "serial" });

const PASSWORD = "mat-khau-that-dai";
const stamp = Date.now();
const people = {
  admin: { email: `admin-${stamp}@example.vn`, name: "Quản Trị" },
  moderator: { email: `mod-${stamp}@example.vn`, name: "Điều Hành" },
  member: { email: `member-${stamp}@example.vn`, name: "Thành Viên" },
};

/** Same-origin requests, as the browser sends them (the identity provider checks the Origin). */
const origin = () => ({ Origin: test.info().project.use.baseURL ?? "" });

async function signUp(browser: Browser, person: { email: string; name: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email: person.email, password: PASSWORD, name: person.name },
    headers: origin(),
  });
  expect(response.status()).toBe(200);
  await page.goto("/");
  await hydrated(page);
  return { context, page };
}

/** Whether the page has loaded React (its framework chunk). */
function reactLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => performance.getEntriesByType("resource").some((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name)));
}

async function uidOf(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { uid: string; email: string }[] };
  const found = data.find((user) => user.email === email);
  if (!found) throw new Error(`no user ${email}`);
  return found.uid;
}

let admin: { context: BrowserContext; page: Page };

test("the one-time setup link makes the first admin, who sees every admin section", async ({ browser }) => {
  const link = readFileSync(join(process.env.E2E_DATA_DIR ?? "", "setup-link.txt"), "utf8").trim();
  expect(link).toMatch(/\/api\/setup\/claim\?token=/);
  admin = await signUp(browser, people.admin);
  await admin.page.goto(new URL(link).pathname + new URL(link).search);
  await expect(admin.page).toHaveURL(/\/admin$/);
  const sections = admin.page.getByRole("navigation", { name: vi.admin.sectionsLabel }).getByRole("heading");
  await expect(sections).toHaveText(
    ["dashboard", "users", "content", "moderation", "announcements", "settings", "audit"].map(
      (key) => vi.admin.sections[key as keyof typeof vi.admin.sections].title,
    ),
  );
  // One section at a time: /admin opens on the dashboard, the others are a link away and not on the page.
  await expect(admin.page.getByRole("link", { name: vi.admin.sections.dashboard.title })).toHaveAttribute("aria-current", "page");
  await expect(admin.page.getByRole("region", { name: moderation.audit.title })).toHaveCount(0);
  await sections.getByRole("link", { name: vi.admin.sections.audit.title }).click();
  await expect(admin.page).toHaveURL(/section=audit/);
  await expect(admin.page.getByRole("link", { name: vi.admin.sections.audit.title })).toHaveAttribute("aria-current", "page");
  await expect(admin.page.getByRole("region", { name: moderation.audit.title })).toBeVisible();
  await expect(admin.page.getByRole("heading", { level: 2, name: announcementsVi.title })).toHaveCount(0);
  await sections.getByRole("link", { name: vi.admin.sections.announcements.title }).click();
  await expect(admin.page.getByRole("heading", { level: 2, name: announcementsVi.title })).toBeVisible();
  const again = await admin.page.request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(again.status()).toBe(400);
});

test("a moderator gets into /admin and sees moderation and its audit only; a member gets 403", async ({ browser }) => {
  const moderator = await signUp(browser, people.moderator);
  const member = await signUp(browser, people.member);
  const uid = await uidOf(admin.page, people.moderator.email);
  const promoted = await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() });
  expect(promoted.status()).toBe(200);

  await moderator.page.goto("/admin");
  const sections = moderator.page.getByRole("navigation", { name: vi.admin.sectionsLabel }).getByRole("heading");
  // Moderation, and the audit log's moderation decisions.
  await expect(sections).toHaveText([vi.admin.sections.moderation.title, vi.admin.sections.audit.title]);
  const forbidden = await moderator.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "admin" }, headers: origin() });
  expect(forbidden.status()).toBe(403);

  const response = await member.page.goto("/admin");
  expect(response?.status()).toBe(403);
  await moderator.context.close();
  await member.context.close();
});

/** Opens a chat room and waits until it is live (caught up, new messages arrive as they are sent). */
/**
 * A moderator restores what `list` (an /admin list of hidden things: its title, button label and
 * confirmation) shows with `text`, and sees the confirmation; `values` fill the messages' {{…}}.
 */
async function restoreFromAdmin(
  page: Page,
  list: { title: string; restoreLabel: string; restored: string },
  text: string,
  values: Record<string, string>,
): Promise<void> {
  const fill = (message: string) => Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, value), message);
  await page
    .getByRole("list", { name: list.title })
    .getByRole("listitem")
    .filter({ hasText: text })
    .getByRole("button", { name: fill(list.restoreLabel) })
    .click();
  await expect(page.getByRole("status").filter({ hasText: fill(list.restored) })).toBeVisible();
}

async function say(page: Page, text: string): Promise<number> {
  const sent = await page.request.post("/api/chat/rooms/global-vi/messages", {
    data: { text, clientId: `roles-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    headers: origin(),
  });
  expect(sent.status()).toBe(201);
  return (await sent.json()).data.id;
}

const bubble = (page: Page, text: string) => page.getByRole("listitem").filter({ has: page.getByText(text, { exact: true }) });

test("a report reaches the moderation queue in context; the moderator hides the message, it leaves the room live, and the admin reads it in the audit log", async ({
  browser,
}) => {
  const author = await signUp(browser, { email: `author-${stamp}@example.vn`, name: "Người Rao" });
  const reporter = await signUp(browser, { email: `reporter-${stamp}@example.vn`, name: "Người Báo" });
  const moderator = await signUp(browser, { email: `queue-mod-${stamp}@example.vn`, name: "Kiểm Duyệt" });
  const uid = await uidOf(admin.page, `queue-mod-${stamp}@example.vn`);
  expect((await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() })).status()).toBe(
    200,
  );
  await author.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const spam = `Bán vàng giá rẻ ${stamp}, inbox ngay`;
  await say(author.page, spam);

  // The reporter opens the message's actions and reports it.
  await openRoom(reporter.page, "global-vi");
  const message = bubble(reporter.page, spam);
  await message.getByRole("button", { name: chat.moreActions.replace("{{name}}", "Người Rao") }).click();
  await message.getByRole("button", { name: chat.report }).click();
  const dialog = reporter.page.getByRole("dialog", { name: moderation.report.titles.message });
  await dialog.getByLabel(moderation.report.reasons.scam).check();
  await dialog.getByLabel(moderation.report.detailsLabel).fill("Rao bán vàng ngoài game");
  await dialog.getByRole("button", { name: moderation.report.submit }).click();
  await expect(dialog.getByText(moderation.report.sent)).toBeVisible();
  await dialog.getByRole("button", { name: moderation.report.close }).click();

  // The moderator finds it in the queue, in context, with the reason, and hides it with a note.
  await moderator.page.goto("/admin");
  await hydrated(moderator.page);
  // Served as islands: nothing on /admin loads React until the moderator uses one of its forms.
  expect(await reactLoaded(moderator.page)).toBe(false);
  const card = moderator.page.locator("article[data-report-id]").filter({ hasText: spam });
  await expect(card).toContainText(`${moderation.report.reasons.scam}: Rao bán vàng ngoài game`);
  await expect(card).toContainText(moderation.queue.reportedBy.replace("{{name}}", "Người Báo"));
  expect(await seriousViolationsAtEveryWidth(moderator.page)).toEqual([]);
  await card.getByLabel(moderation.queue.noteLabel).fill("Quảng cáo bán vàng");
  await card.getByRole("button", { name: moderation.queue.actions.hide, exact: true }).click();
  await expect(card.getByRole("status")).toHaveText(moderation.queue.done.replace("{{action}}", moderation.queue.actions.hide));
  expect(await islandHydratedIn(card, "report-decision"), "the decision used woke its island").toBe(true);
  await expect(bubble(reporter.page, spam)).toHaveCount(0);

  // The admin reads the decision in the audit log.
  await admin.page.goto("/admin?section=audit");
  const audit = admin.page.getByRole("region", { name: moderation.audit.title });
  await expect(audit.getByRole("listitem").first()).toContainText("Kiểm Duyệt");
  await expect(audit.getByRole("listitem").first()).toContainText("Quảng cáo bán vàng");
  // They narrow it to hidden reports from today with the log's form, and download what they see as CSV.
  const hiddenReport = moderation.audit.actions.report.hide.replace("{{kind}}", moderation.audit.anything);
  await audit.getByLabel(moderation.audit.filters.action).selectOption({ label: hiddenReport });
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await audit.getByLabel(moderation.audit.filters.from).fill(today);
  await audit.getByRole("button", { name: moderation.audit.filters.apply }).click();
  await expect(admin.page).toHaveURL(/[?&]action=report\.hide(&|$)/);
  const filtered = admin.page.getByRole("region", { name: moderation.audit.title });
  await expect(filtered.getByRole("listitem").first()).toContainText("Quảng cáo bán vàng");
  for (const text of await filtered.getByRole("listitem").allInnerTexts())
    expect(text).toContain(moderation.audit.actions.report.hide.replace("{{kind}}", moderation.audit.targetKinds.message));
  expect(await seriousViolationsAtEveryWidth(admin.page)).toEqual([]);
  const download = admin.page.waitForEvent("download");
  await filtered.getByRole("link", { name: moderation.audit.filters.export }).click();
  const csv = readFileSync((await (await download).path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFid,at,actorUid,actorName,action,targetKind,targetId,before,after,ip,note");
  expect(csv).toContain(",Kiểm Duyệt,report.hide,message,");
  expect(csv).not.toContain("user.set-role");
  // The moderator reads the moderation decisions too, but not the admins' (roles).
  await moderator.page.goto("/admin?section=audit");
  const theirs = moderator.page.getByRole("region", { name: moderation.audit.title });
  await expect(theirs.getByRole("listitem").first()).toContainText("Quảng cáo bán vàng");
  await expect(theirs.getByText(moderation.audit.actions.user["set-role"])).toHaveCount(0);
  for (const each of [author, reporter, moderator]) await each.context.close();
});

test("a moderator mutes a member from the conversation, and the member is told why and until when", async ({ browser }) => {
  const loud = await signUp(browser, { email: `loud-${stamp}@example.vn`, name: "Ồn Ào" });
  const moderator = await signUp(browser, { email: `mute-mod-${stamp}@example.vn`, name: "Người Giữ Trật Tự" });
  const uid = await uidOf(admin.page, `mute-mod-${stamp}@example.vn`);
  expect((await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() })).status()).toBe(
    200,
  );
  await loud.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const text = `Ồn ào ${stamp}`;
  await say(loud.page, text);

  await openRoom(moderator.page, "global-vi");
  const message = bubble(moderator.page, text);
  await message.getByRole("button", { name: chat.moreActions.replace("{{name}}", "Ồn Ào") }).click();
  await message.getByRole("button", { name: chat.moderation.mute.replace("{{name}}", "Ồn Ào") }).click();
  const dialog = moderator.page.getByRole("dialog", { name: chat.moderation.muteTitle.replace("{{name}}", "Ồn Ào") });
  await dialog.getByLabel(chat.moderation.durations.m5).check();
  await dialog.getByRole("button", { name: chat.moderation.muteSubmit }).click();
  await expect(dialog.getByRole("status")).toContainText("Ồn Ào");

  await openRoom(loud.page, "global-vi");
  const refused = loud.page.waitForResponse((response) => response.url().includes("/messages") && response.status() === 403);
  await loud.page.getByLabel(chat.composer.label, { exact: true }).fill("Sao tôi không nhắn được?");
  await loud.page.getByLabel(chat.composer.label, { exact: true }).press("Enter");
  await refused;
  await expect(loud.page.getByRole("alert")).toContainText(chat.errors.muted.split("{{")[0] as string);
  await expect(loud.page.getByLabel(chat.composer.label, { exact: true })).toHaveValue("Sao tôi không nhắn được?");
  await loud.context.close();
  await moderator.context.close();
});

test("an admin gives a member a title by hand; the member's upheld report earns points, the title stays, and the ranking shows them", async ({
  browser,
}) => {
  const member = await signUp(browser, { email: `titled-${stamp}@example.vn`, name: `Người Góp ${stamp}` });
  const author = await signUp(browser, { email: `scammer-${stamp}@example.vn`, name: "Kẻ Lừa" });
  await member.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  await author.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const scam = await say(author.page, `Nạp thẻ giá rẻ ${stamp}`);
  const filed = await member.page.request.post("/api/reports", {
    data: { kind: "message", id: scam, reason: "Lừa đảo" },
    headers: origin(),
  });
  expect(filed.status()).toBe(201);

  // The admin finds the member and gives a tag and a title by hand.
  await admin.page.goto(`/admin?members=${encodeURIComponent(`titled-${stamp}`)}`);
  await hydrated(admin.page);
  const row = admin.page.getByRole("region", { name: moderation.members.title, exact: true }).getByRole("article");
  await expect(row).toHaveCount(1);
  await row.getByText(moderation.members.edit).click();
  await row.getByLabel(moderation.members.tag).fill("vip");
  await row.getByLabel(moderation.members.titleField).fill("Hiệp sĩ Lạc Vân");
  await row.getByRole("button", { name: moderation.members.save }).click();
  await expect(row.getByRole("status")).toHaveText(moderation.members.saved);
  await expect(row).toContainText(moderation.members.byHand);
  expect(await seriousViolationsAtEveryWidth(admin.page)).toEqual([]);

  // Upholding the report earns the member points; the title given by hand stays.
  const { data: queue } = await (await admin.page.request.get("/api/reports?status=open")).json();
  const report = (queue as { id: number; targetId: string }[]).find((each) => each.targetId === String(scam));
  expect(report).toBeDefined();
  const resolved = await admin.page.request.post(`/api/reports/${report?.id}/resolve`, {
    data: { action: "hide", note: "" },
    headers: origin(),
  });
  expect(resolved.status()).toBe(200);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/users");
  await hydrated(page);
  const ranked = page
    .getByRole("region", { name: users.ranking.title })
    .getByRole("listitem")
    .filter({ hasText: `Người Góp ${stamp}` });
  await expect(ranked).toContainText("Hiệp sĩ Lạc Vân");
  await expect(ranked).toContainText(users.ranking.points.replace("{{points}}", "5"));
  await ranked.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Người Góp ${stamp}` })).toBeVisible();
  await expect(page.getByText(users.profile.points.replace("{{points}}", "5"))).toBeVisible();

  // Given back to the level, the title is the level band's again.
  await row.getByRole("button", { name: moderation.members.titleToLevel }).click();
  await expect(row).toContainText(moderation.members.byLevel);
  await expect(row).toContainText(
    moderation.members.current.replace("{{tag}}", vi.badges.values.vip).replace("{{title}}", vi.badges.values.member),
  );
  for (const each of [member, author]) await each.context.close();
  await visitor.close();
});

test("a member writes a guide that saves itself, sends it for review, a moderator approves it: it is in /guide and the search, the author's bell lights and level rises", async ({
  browser,
}) => {
  // A long journey (writing, reviewing, searching) on a shared 2-core machine.
  test.setTimeout(180_000);
  const author = await signUp(browser, { email: `writer-${stamp}@example.vn`, name: `Người Viết ${stamp}` });
  const reviewer = await signUp(browser, { email: `reviewer-${stamp}@example.vn`, name: "Người Duyệt" });
  for (const each of [author, reviewer]) await each.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const reviewerUid = await uidOf(admin.page, `reviewer-${stamp}@example.vn`);
  const promoted = await admin.page.request.post(`/api/admin/users/${reviewerUid}/role`, {
    data: { role: "moderator" },
    headers: origin(),
  });
  expect(promoted.status()).toBe(200);
  const authorUid = await uidOf(admin.page, `writer-${stamp}@example.vn`);
  const levelOf = async () => (await (await author.page.request.get(`/api/users/${authorUid}`)).json()).data.level as number;
  const levelBefore = await levelOf();

  // The member writes: the draft saves itself, and `[[` links a catalog entry.
  const title = `Săn Rồng Lửa ${stamp}`;
  const page = author.page;
  await page.goto("/guide");
  await hydrated(page);
  await page.getByRole("link", { name: guides.list.write }).click();
  await expect(page).toHaveURL(/\/guide\?write/);
  await page.getByLabel(guides.editor.titleLabel).fill(title);
  const body = page.getByLabel(guides.editor.body);
  await body.click();
  await body.pressSequentially("## Chuẩn bị\n\nMang theo [[kiem", { delay: 20 });
  const suggestions = page.getByRole("listbox", { name: guides.editor.suggestions });
  await expect(suggestions.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Enter");
  await body.pressSequentially(" và đi theo nhóm.", { delay: 20 });
  await expect(page).toHaveURL(/\/guide\?edit=\d+/);
  await expect(page.getByText(guides.editor.saved.replace(" {{time}}", ""))).toBeVisible();
  await expect(page.getByRole("region", { name: guides.editor.preview }).getByRole("link")).toHaveAttribute(
    "href",
    /\/equipments-items\/detail\?id=/,
  );
  expect(await seriousViolationsAtEveryWidth(page)).toEqual([]);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel(guides.editor.body)).toHaveValue(/và đi theo nhóm\.$/);
  await page.getByRole("button", { name: guides.editor.submit }).click();
  await expect(page.getByText(guides.editor.submitted)).toBeVisible();
  // "My guides" is the list alone, named for it, with the guide in review.
  await page.goto("/guide");
  await hydrated(page);
  await page.getByRole("link", { name: guides.list.mine }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(guides.workspace.mine);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(guides.workspace.status.review);

  // The moderator approves it from the review queue in /admin.
  await reviewer.page.goto("/admin");
  await hydrated(reviewer.page);
  const card = reviewer.page.getByRole("region", { name: guides.review.title }).getByRole("article").filter({ hasText: title });
  await card.getByText(guides.review.read).click();
  await expect(card.getByRole("heading", { name: "Chuẩn bị" })).toBeVisible();
  await card.getByRole("button", { name: guides.review.approve }).click();
  await expect(card.getByRole("status")).toHaveText(guides.review.approved);

  // The author's bell lights; the guide is in /guide with its author, and in the app bar's search.
  await page.goto("/guide");
  await hydrated(page);
  await expect(
    page.getByRole("banner").getByRole("link", { name: vi.notificationBell.unread_one.replace("{{count}}", "1") }),
  ).toBeVisible();
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("link", { name: `Người Viết ${stamp}` })).toBeVisible();
  await expect(page.getByRole("region", { name: guides.article.history })).toContainText(
    guides.article.revision.replace("{{number}}", "1").replace(/ · .*/, ""),
  );
  expect(await levelOf()).toBeGreaterThan(levelBefore);
  // The author's public profile lists it among their published guides, linked.
  await page.getByRole("link", { name: `Người Viết ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/users\\?id=${authorUid}$`));
  await expect(page.getByRole("region", { name: users.profile.guides.title }).getByRole("link", { name: title })).toHaveAttribute(
    "href",
    /\/guide\?id=m--\d+$/,
  );

  const visitor = await browser.newContext();
  const search = await visitor.newPage();
  await search.setViewportSize({ width: 1440, height: 900 });
  await search.goto("/");
  await hydrated(search);
  const field = search.getByRole("combobox", { name: vi.search.label });
  await field.click();
  await field.pressSequentially(`san rong lua ${stamp}`);
  const hit = search.getByRole("listbox", { name: vi.search.results }).getByRole("option").filter({ hasText: title });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(search).toHaveURL(/\/guide\?id=m--\d+/);
  await expect(search.getByRole("heading", { level: 1 })).toHaveText(title);
  for (const each of [author, reviewer]) await each.context.close();
  await visitor.close();
});

test.describe("banned", () => {
  test.use({ expectedConsole: [/Failed to load resource: the server responded with a status of 403/] });
  test("an admin opens a member's page in /admin, changes their role and bans them: their open page is signed out at once, and they cannot sign in until the ban is lifted", async ({
    browser,
  }) => {
    const email = `banned-${stamp}@example.vn`;
    const banned = await signUp(browser, { email, name: `Bị Khóa ${stamp}` });
    await banned.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
    await openFollowing(banned.page, "/");
    await expect(banned.page.getByRole("button", { name: vi.account.menu })).toBeVisible();

    // The admin finds them by their name without its accents and opens their page.
    await admin.page.goto("/admin?section=users");
    await hydrated(admin.page);
    const list = admin.page.getByRole("region", { name: moderation.members.title, exact: true });
    await list.getByLabel(moderation.members.search).fill(`bi khoa ${stamp}`);
    // A title as the list names it ("Thành viên") finds the value profiles keep ("member").
    await list.getByRole("search").getByLabel(moderation.members.titleField).fill(vi.badges.values.member);
    await list.getByRole("button", { name: moderation.members.find }).click();
    // The search stays in the members' section (the rest of /admin is not read again).
    await expect(admin.page).toHaveURL(/[?&]section=users&members=bi\+khoa/);
    await expect(list.getByRole("article")).toHaveCount(1);
    await list.getByRole("link", { name: `Bị Khóa ${stamp}` }).click();
    const member = admin.page.getByRole("region", { name: `Bị Khóa ${stamp}` });
    await expect(member).toContainText(email);
    await expect(member).toContainText(moderation.members.fields.lastLoginAt);
    await expect(member.getByRole("definition").filter({ hasText: /^0$/ })).toHaveCount(5);
    await expect(member.getByRole("list", { name: moderation.members.sessions.title }).getByRole("listitem")).toHaveCount(1);
    expect(await seriousViolationsAtEveryWidth(admin.page)).toEqual([]);

    // A new role: said at once, and kept (the page read again shows it).
    await member.getByLabel(moderation.members.role).selectOption("moderator");
    await member.getByRole("button", { name: moderation.members.roleSave }).click();
    await expect(member.getByRole("status")).toHaveText(moderation.members.roleSaved.replace("{{role}}", vi.badges.roles.moderator));
    await admin.page.reload();
    await hydrated(admin.page);
    await expect(member.getByLabel(moderation.members.role)).toHaveValue("moderator");

    // Banned for good with a reason: the member's open page notices without a reload.
    await member.getByLabel(moderation.members.banReason).fill("lừa đảo giao dịch");
    await member.getByRole("button", { name: moderation.members.banSubmit }).click();
    await expect(member.getByRole("status")).toHaveText(moderation.members.banSaved);
    await expect(member).toContainText(moderation.members.bannedForever);
    await expect(member).toContainText(moderation.members.sessions.none);
    await expect(banned.page.getByRole("link", { name: vi.account.signIn, exact: true })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => banned.page.evaluate(() => localStorage.getItem("userData"))).toBeNull();

    await banned.page.goto("/login");
    await hydrated(banned.page);
    await banned.page.getByLabel(auth.fields.email).fill(`banned-${stamp}@example.vn`);
    await banned.page.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
    await banned.page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(banned.page.getByRole("alert")).toHaveText(auth.errors.userDisabled);

    // The ban lifted, they sign in again.
    await member.getByRole("button", { name: moderation.members.unban }).click();
    await expect(member.getByRole("status")).toHaveText(moderation.members.unbanSaved);
    await expect(member).toContainText(moderation.members.notBannedNow);

    // The audit log has the ban and its lifting, each linking back to the member's page.
    const uid = new URL(admin.page.url()).searchParams.get("member") ?? "";
    await admin.page.goto(`/admin?section=audit&targetId=${uid}#audit-log`);
    const log = admin.page.getByRole("region", { name: moderation.audit.title });
    await expect(log.getByRole("listitem").filter({ hasText: "“lừa đảo giao dịch”" })).toHaveCount(1);
    await log
      .getByRole("link", { name: new RegExp(uid) })
      .first()
      .click();
    await expect(admin.page.getByRole("region", { name: `Bị Khóa ${stamp}` })).toBeVisible();

    // The same page in English.
    const memberPage = admin.page.url().replace(/#.*$/, "");
    await admin.page.goto(`${memberPage}&lang=en-US`);
    await hydrated(admin.page);
    const inEnglish = admin.page.getByRole("region", { name: `Bị Khóa ${stamp}` });
    await expect(inEnglish.getByRole("heading", { name: moderationEn.members.standingTitle })).toBeVisible();
    await expect(inEnglish).toContainText(moderationEn.members.fields.lastLoginAt);
    await expect(inEnglish).toContainText(moderationEn.members.notBannedNow);
    await admin.page.goto(`${memberPage}&lang=vi`);
    await banned.page.getByRole("button", { name: auth.signin.submit }).click();
    await expect(banned.page).not.toHaveURL(/\/login/);
    await banned.context.close();
  });
});

test("a moderator pins a post, then hides it from the feed itself: it leaves the feed, its page answers 404, and both are audited", async ({
  browser,
}) => {
  const author = await signUp(browser, { email: `poster-${stamp}@example.vn`, name: "Người Đăng" });
  const moderator = await signUp(browser, { email: `feed-mod-${stamp}@example.vn`, name: "Kiểm Bảng Tin" });
  const uid = await uidOf(admin.page, `feed-mod-${stamp}@example.vn`);
  expect((await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() })).status()).toBe(
    200,
  );
  await author.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const text = `Bán tài khoản giá rẻ ${stamp}`;
  const posted = await author.page.request.post("/api/feed/posts", { data: { body: text, lang: "vi" }, headers: origin() });
  expect(posted.status()).toBe(201);
  const { id } = (await posted.json()).data as { id: number };

  await moderator.page.goto("/feed");
  await hydrated(moderator.page);
  const card = moderator.page.getByRole("article", { name: feed.post.by.replace("{{name}}", "Người Đăng") }).filter({ hasText: text });
  const menu = card.getByRole("button", { name: feed.post.more.replace("{{name}}", "Người Đăng") });
  await menu.click();
  await card.getByRole("button", { name: feed.post.pin }).click();
  await expect(moderator.page.getByRole("list", { name: feed.pinnedList }).getByText(text)).toBeVisible();
  await menu.click();
  await card.getByRole("button", { name: feed.post.hide }).click();
  await expect(moderator.page.getByRole("status").filter({ hasText: feed.post.hidden })).toBeVisible();
  await expect(moderator.page.getByText(text)).toHaveCount(0);
  expect((await author.page.request.get(`/feed?id=${id}`)).status()).toBe(404);
  // The admin reads both decisions in the audit log.
  const entries = await admin.page.request.get("/api/audit");
  const actions = ((await entries.json()).data as { action: string; targetKind: string; targetId: string }[]).filter(
    (entry) => entry.targetKind === "post" && entry.targetId === String(id),
  );
  expect(actions.map((entry) => entry.action).sort()).toEqual(["post.hide", "post.pin"]);
  // The moderator finds it among the hidden posts in /admin and restores it: it is back on its page.
  await moderator.page.goto("/admin");
  await hydrated(moderator.page);
  await expect(moderator.page.getByRole("list", { name: feed.hidden.title }).getByText(text)).toBeVisible();
  await restoreFromAdmin(moderator.page, feed.hidden, text, { name: "Người Đăng" });
  expect((await author.page.request.get(`/feed?id=${id}`)).status()).toBe(200);
  // The admin reads the three decisions in words, newest first.
  await admin.page.goto("/admin?section=audit");
  const audit = admin.page.getByRole("region", { name: moderation.audit.title });
  const target = moderation.audit.target.replace("{{kind}}", moderation.audit.targetKinds.post).replace("{{id}}", String(id));
  await expect(audit.getByRole("listitem").filter({ hasText: new RegExp(`${target}(?!\\d)`) })).toHaveText([
    new RegExp(`Kiểm Bảng Tin ${moderation.audit.actions.post.hide_undo}`),
    new RegExp(`Kiểm Bảng Tin ${moderation.audit.actions.post.hide}`),
    new RegExp(`Kiểm Bảng Tin ${moderation.audit.actions.post.pin}`),
  ]);
  for (const each of [author, moderator]) await each.context.close();
});

test("a moderator hides a reported comment and a reported guide, then restores both from /admin: each is back where it was, audited", async ({
  browser,
}) => {
  const author = await signUp(browser, { email: `restore-author-${stamp}@example.vn`, name: "Tác Giả Khôi Phục" });
  const reader = await signUp(browser, { email: `restore-reader-${stamp}@example.vn`, name: "Người Đọc Khôi Phục" });
  const moderator = await signUp(browser, { email: `restore-mod-${stamp}@example.vn`, name: "Kiểm Khôi Phục" });
  const uid = await uidOf(admin.page, `restore-mod-${stamp}@example.vn`);
  expect((await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() })).status()).toBe(
    200,
  );
  for (const each of [author, reader, moderator]) await each.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const write = async (who: { page: Page }, url: string, data: unknown) => {
    const response = await who.page.request.post(url, { data, headers: origin() });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data as { id: number };
  };

  // A post with a comment by the reader; a guide by the author, approved.
  const post = await write(author, "/api/feed/posts", { body: `Bài có bình luận ${stamp}`, lang: "vi" });
  const commentText = `Bình luận sẽ bị ẩn rồi khôi phục ${stamp}`;
  const comment = await write(reader, `/api/feed/posts/${post.id}/comments`, { body: commentText });
  const title = `Cẩm nang khôi phục ${stamp}`;
  const guide = await write(author, "/api/guides", { title, body: "Đi theo nhóm ba người, mang thuốc hồi máu.", lang: "vi" });
  await write(author, `/api/guides/${guide.id}/submit`, {});
  await write(moderator, `/api/guides/${guide.id}/approve`, {});
  const guidePath = `/guide?id=m--${guide.id}`;
  expect((await reader.page.request.get(guidePath)).status()).toBe(200);

  // Each is reported by the other member, and the moderator hides it.
  for (const [reporter, kind, id] of [
    [author, "comment", comment.id],
    [reader, "guide", guide.id],
  ] as const) {
    const report = await write(reporter, "/api/reports", { kind, id: String(id), reason: "Nội dung sai lệch" });
    await write(moderator, `/api/reports/${report.id}/resolve`, { action: "hide" });
  }
  expect(await (await reader.page.request.get(`/feed?id=${post.id}`)).text()).not.toContain(commentText);
  expect((await reader.page.request.get(guidePath)).status()).toBe(404);

  // The moderator restores both from /admin.
  await moderator.page.goto("/admin");
  await hydrated(moderator.page);
  await restoreFromAdmin(moderator.page, feed.hiddenComments, commentText, { name: "Người Đọc Khôi Phục" });
  await restoreFromAdmin(moderator.page, guides.hidden, title, { title });
  expect(await seriousViolationsAtEveryWidth(moderator.page)).toEqual([]);

  // Both are back where they were.
  await reader.page.goto(`/feed?id=${post.id}`);
  await expect(reader.page.getByText(commentText)).toBeVisible();
  expect((await reader.page.request.get(guidePath)).status()).toBe(200);

  // The admin reads both restores in words.
  await admin.page.goto("/admin?section=audit");
  const audit = admin.page.getByRole("region", { name: moderation.audit.title });
  await expect(audit.getByRole("listitem").filter({ hasText: `Kiểm Khôi Phục ${moderation.audit.actions.comment.restore}` })).toHaveCount(
    1,
  );
  await expect(audit.getByRole("listitem").filter({ hasText: `Kiểm Khôi Phục ${moderation.audit.actions.guide.restore}` })).toHaveCount(1);
  for (const each of [author, reader, moderator]) await each.context.close();
});

// The claims journey lives here because a moderator verifies the claim, and journeys get their
// moderators from this file's admin (the one-time setup link works once per server).
test("a member claims a character, shows its code in a screenshot, a moderator verifies it; /bplayer shows it as theirs and another member's offer under its name is refused", async ({
  browser,
}) => {
  const owner = await signUp(browser, { email: `claim-owner-${stamp}@example.vn`, name: "Chủ Thật" });
  const impostor = await signUp(browser, { email: `claim-impostor-${stamp}@example.vn`, name: "Kẻ Mạo Danh" });
  const moderator = await signUp(browser, { email: `claim-mod-${stamp}@example.vn`, name: "Người Xác Minh" });
  const uid = await uidOf(admin.page, `claim-mod-${stamp}@example.vn`);
  expect((await admin.page.request.post(`/api/admin/users/${uid}/role`, { data: { role: "moderator" }, headers: origin() })).status()).toBe(
    200,
  );
  for (const each of [owner, impostor]) await each.page.request.post("/api/profile/sync", { data: {}, headers: origin() });
  const character = `Hiệp Sĩ ${stamp.toString(36)}`;
  const bplayer = `/bplayer?${new URLSearchParams({ name: character, server: "suong-mai" })}`;

  // The owner looks the name up: nobody has proven it, and the page says so. They claim it.
  await owner.page.goto(bplayer);
  await hydrated(owner.page);
  await expect(owner.page.getByTestId("record-unverified")).toHaveText(reputation.unverified.title);
  await owner.page.getByRole("button", { name: reputation.claim.action }).click();
  await expect(owner.page.locator("#main").getByRole("status")).toContainText(character);
  await owner.page.getByRole("link", { name: reputation.claim.sendProof }).click();
  await owner.page.waitForURL(/\/me\/make-offer/);
  await hydrated(owner.page);

  // The claim waits with its code and how to use it; the owner sends a screenshot showing it.
  const card = owner.page.locator("article[data-claim-id]").filter({ hasText: character });
  await expect(card).toContainText(offers.claims.status.pending);
  const code = (await card.getByTestId("claim-code").textContent()) ?? "";
  expect(code).toMatch(/^LV-[0-9A-Z]{4}$/);
  await expect(card).toContainText(offers.claims.code.how);
  expect(await seriousViolationsAtEveryWidth(owner.page)).toEqual([]);
  const shot = await sharp({ create: { width: 720, height: 400, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
  await card.getByLabel(offers.claims.proof.label).setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: shot });
  await card.getByRole("button", { name: offers.claims.proof.send }).click();
  await expect(card).toContainText(offers.claims.proof.waiting);

  // The moderator finds the proof in the queue, with the code to look for and the screenshot, and verifies it.
  await moderator.page.goto("/admin");
  await hydrated(moderator.page);
  const proof = moderator.page.locator("article[data-report-id]").filter({ hasText: code });
  await expect(proof).toContainText(moderation.queue.kinds.claim);
  await expect(proof.getByRole("img", { name: moderation.queue.screenshot })).toBeVisible();
  expect(await seriousViolationsAtEveryWidth(moderator.page)).toEqual([]);
  await proof.getByLabel(moderation.queue.noteLabel).fill("Mã khớp với ảnh");
  await proof.getByRole("button", { name: moderation.queue.actions.verify, exact: true }).click();
  await expect(proof.getByRole("status")).toHaveText(moderation.queue.done.replace("{{action}}", moderation.queue.actions.verify));

  // /bplayer now shows the character as the owner's, verified.
  await owner.page.goto(bplayer);
  await hydrated(owner.page);
  await expect(owner.page.getByTestId("record-verified")).toHaveText(reputation.claimedBy.replace("{{name}}", "Chủ Thật"));
  expect(await seriousViolationsAtEveryWidth(owner.page)).toEqual([]);
  await owner.page.goto("/me/make-offer");
  await expect(owner.page.locator("article[data-claim-id]").filter({ hasText: character })).toContainText(offers.claims.status.verified);

  // Someone else posting an offer under that name is refused, in words.
  await impostor.page.goto("/me/make-offer");
  await hydrated(impostor.page);
  await impostor.page.getByRole("button", { name: offers.form.open }).click();
  await impostor.page.getByLabel(offers.form.item).fill("kiem sat");
  await impostor.page.getByRole("option", { name: "Kiếm Sắt", exact: true }).click();
  await impostor.page.getByLabel(offers.fields.quantity).fill("1");
  await impostor.page.getByLabel(offers.form.unitPrice).fill("1.000");
  await impostor.page.getByLabel(offers.fields.server).selectOption("suong-mai");
  await impostor.page.getByLabel(offers.fields.characterName).fill(character.toLowerCase());
  await impostor.page.getByRole("button", { name: offers.form.submit, exact: true }).click();
  await expect(impostor.page.locator("form").getByRole("alert")).toHaveText(offers.errors.characterClaimed);
  await expect(impostor.page).toHaveURL(/\/me\/make-offer$/);

  // What they may do instead: dispute the claim, with a screenshot, for a moderator to decide.
  await impostor.page.goto(bplayer);
  await hydrated(impostor.page);
  await impostor.page.getByRole("button", { name: reputation.dispute.action }).click();
  const dispute = impostor.page.getByRole("dialog");
  await dispute.getByLabel(reputation.dispute.reason).fill("Nhân vật này mình chơi từ mùa đầu");
  await dispute
    .getByLabel(reputation.report.images.replace("{{count}}", "4"))
    .setInputFiles({ name: "mine.png", mimeType: "image/png", buffer: shot });
  expect(await seriousViolationsAtEveryWidth(impostor.page)).toEqual([]);
  await dispute.getByRole("button", { name: reputation.dispute.submit }).click();
  await expect(dispute.getByRole("status")).toHaveText(reputation.dispute.sent);
  for (const each of [owner, impostor, moderator]) await each.context.close();
});
