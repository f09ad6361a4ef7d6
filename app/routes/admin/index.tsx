import { AdminHome, adminSections, type AdminSection } from "~/features/admin/admin-home.tsx";
import { MemberBadges } from "~/features/admin/member-badges.tsx";
import { AdminMember } from "~/features/admin/admin-member.tsx";
import { SiteSettingsSection } from "~/features/settings/site-settings-form.tsx";
import { AnnouncementsSection } from "~/features/announcements/announcement-manager.tsx";
import { DashboardSection } from "~/features/dashboard/dashboard-section.tsx";
import { ContentSection } from "~/features/content/content-section.tsx";
import { HiddenComments } from "~/features/feed/hidden-comments.tsx";
import { HiddenPosts } from "~/features/feed/hidden-posts.tsx";
import { GuideReviewQueue } from "~/features/guides/guide-review-queue.tsx";
import { HiddenGuides } from "~/features/guides/hidden-guides.tsx";
import { AUDIT_FILTER_FIELDS, AuditLog, type AuditFilterValues } from "~/features/moderation/audit-log.tsx";
import { ModerationQueue } from "~/features/moderation/moderation-queue.tsx";
import { can } from "../../../universal/auth/permissions.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE,
  MODERATION_AUDIT_ACTIONS,
  REPORT_PAGE,
  type ReportStatus,
} from "../../../universal/moderation/moderation-limits.ts";
import { guarded, middlewareFor } from "~/shared/routing/guards.ts";
import { loadRouteMessages, pickMessages, useRouteMessages } from "~/shared/i18n/route-messages.ts";
import { loadMessages } from "~/shared/i18n/messages.ts";
import { Island } from "~/shared/islands/island.tsx";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { readOutbox } from "../../../server/mail/read-outbox.ts";
import { nextUserCursor, searchAdminUsers, USER_CURSOR } from "../../../server/admin/search-users.ts";
import { searchText } from "../../../server/http/search-text.ts";
import { UID } from "../../../server/http/context.ts";
import { AppError } from "../../../server/errors.ts";
import { readAdminMember } from "../../../server/admin/admin-members.ts";
import { listAudit } from "../../../server/moderation/audit-log.ts";
import { listAnnouncements } from "../../../server/announcements/announcements.ts";
import { readDashboard } from "../../../server/dashboard/dashboard.ts";
import { listDraft } from "../../../server/content/content-draft.ts";
import { listVersions } from "../../../server/content/content-versions.ts";
import type { DashboardRange } from "../../../universal/dashboard/dashboard-limits.ts";
import { auditFilter, auditFilterQuery } from "../../../server/admin/audit-routes.ts";
import { listReports, openReportCount } from "../../../server/moderation/moderation.ts";
import { listHiddenGuides, listReviewQueue } from "../../../server/guides/guides.ts";
import { listHiddenComments, listHiddenPosts } from "../../../server/feed/feed-moderation.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("admin");

/**
 * The sections this viewer may use (moderators see moderation only), the moderation queue and, for
 * admins, members' tags and titles (`?members=` finds accounts) and the audit log.
 */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { viewer, db, reportKinds, readSiteSettings } = context.get(requestContext);
  const role = viewer?.role ?? null;
  // One section at a time, reading only its data (issue 42: all of them made /admin a 212 KB page of
  // 1,400 elements on a phone): the one `?section=` names, else the one the address's own filters
  // belong to, else the viewer's first (an admin's dashboard, a moderator's queue).
  const sections = adminSections(role);
  const requested = sections.find((each) => each === url.searchParams.get("section")) ?? null;
  const section = requested ?? impliedSection(url, sections) ?? sections[0] ?? null;
  const shows = (name: AdminSection) => sections.includes(name) && section === name;
  const status: ReportStatus = url.searchParams.get("reports") === "resolved" ? "resolved" : "open";
  const moderating = shows("moderation");
  const moderation =
    viewer && moderating && can(role, "moderation:access")
      ? {
          status,
          reports: await listReports(db, reportKinds, viewer, { status, limit: REPORT_PAGE }),
          open: await openReportCount(db, reportKinds, viewer),
          pageSize: REPORT_PAGE,
        }
      : null;
  // An edited URL with search text no search takes lists the newest accounts instead.
  const membersQuery = searchText.catch("").parse(url.searchParams.get("members") ?? "");
  const range: DashboardRange = url.searchParams.get("days") === "90" ? 90 : 30;
  return {
    i18n: await loadRouteMessages(request, "moderation"),
    section,
    dashboard: shows("dashboard")
      ? { i18n: await loadRouteMessages(request, "dashboard"), dashboard: await readDashboard(db, range), range }
      : null,
    content: shows("content")
      ? { i18n: await loadRouteMessages(request, "content"), draft: await listDraft(db), versions: await listVersions(db) }
      : null,
    members: shows("users") && !url.searchParams.has("member") ? await memberSection(db, membersQuery, url) : null,
    member:
      shows("users") && url.searchParams.has("member") ? await memberPage(db, url.searchParams.get("member") ?? "", viewer?.uid) : null,
    sections,
    outbox: requested === null && can(role, "mail:read-outbox") ? await readOutbox(db) : [],
    moderation,
    guideReview:
      moderating && can(role, "guide:approve")
        ? { i18n: await loadRouteMessages(request, "guides"), guides: await listReviewQueue(db) }
        : null,
    hiddenGuides:
      viewer && moderating && can(role, "guide:approve")
        ? { i18n: await loadRouteMessages(request, "guides"), guides: await listHiddenGuides(db, viewer) }
        : null,
    hiddenPosts:
      viewer && moderating && can(role, "post:hide")
        ? { i18n: await loadRouteMessages(request, "feed"), posts: await listHiddenPosts(db, viewer) }
        : null,
    hiddenComments:
      viewer && moderating && can(role, "comment:hide")
        ? { i18n: await loadRouteMessages(request, "feed"), comments: await listHiddenComments(db, viewer) }
        : null,
    audit: shows("audit") ? await auditSection(db, role, url) : null,
    announcements: shows("announcements")
      ? { i18n: await loadRouteMessages(request, "announcements"), announcements: await listAnnouncements(db), now: Date.now() }
      : null,
    siteSettings: shows("settings") ? { i18n: await loadRouteMessages(request, "settings"), settings: await readSiteSettings() } : null,
  };
});

/** The section an address without `?section=` asks for by its filters (an older link, a form's GET). */
function impliedSection(url: URL, sections: readonly AdminSection[]): AdminSection | null {
  const has = (name: string) => url.searchParams.has(name);
  const implied: AdminSection | null = has("reports")
    ? "moderation"
    : [...url.searchParams.keys()].some((name) => name.startsWith("member"))
      ? "users"
      : AUDIT_FILTER_FIELDS.some(has)
        ? "audit"
        : has("days")
          ? "dashboard"
          : null;
  return implied && sections.includes(implied) ? implied : null;
}

/** The members the admin's search and filters find (a filter that is not one of the choices is left out). */
async function memberSection(db: Parameters<typeof listAudit>[0], query: string, url: URL) {
  const read = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  // A tag with a control character in an edited URL is no tag anyone has (and no text the database holds).
  const badge = (name: string) => {
    const text = read(name).slice(0, 40);
    return /^\P{Cc}*$/u.test(text) ? text : "";
  };
  const filters = { role: read("memberRole"), tag: badge("memberTag"), title: badge("memberTitle"), banned: read("memberBanned") };
  const cursor = read("memberCursor");
  // A known tag or title as the list shows it ("Huyền thoại", "Legend") finds the value the profiles keep ("legend").
  const known = await knownBadgeNames();
  const stored = (text: string) => known.get(foldBadge(text)) ?? text;
  const role = (["user", "moderator", "admin"] as const).find((each) => each === filters.role);
  const banned = filters.banned === "true" ? true : filters.banned === "false" ? false : undefined;
  const members = await searchAdminUsers(db, {
    q: query,
    role,
    tag: filters.tag ? stored(filters.tag) : undefined,
    title: filters.title ? stored(filters.title) : undefined,
    banned,
    // A cursor an edited URL broke lists the first page.
    cursor: USER_CURSOR.test(cursor) ? cursor : undefined,
  });
  return { query, filters, members, paged: cursor !== "", nextCursor: nextUserCursor(members) };
}

const foldBadge = (text: string) => text.normalize("NFC").trim().toLowerCase();

let badgeNames: Promise<Map<string, string>> | undefined;

/** Each known badge value's names in both languages (and the value itself), folded, to the value: read once. */
function knownBadgeNames(): Promise<Map<string, string>> {
  badgeNames ??= (async () => {
    const names = new Map<string, string>();
    for (const language of ["vi", "en-US"] as const) {
      const { messages } = await loadMessages(language, "common");
      const values = ((messages.badges as Record<string, unknown> | undefined)?.values ?? {}) as Record<string, string>;
      for (const [value, name] of Object.entries(values)) {
        names.set(foldBadge(name), value);
        names.set(foldBadge(value), value);
      }
    }
    return names;
  })();
  return badgeNames;
}

/** One member whole (`?member=uid`), or null when there is no such account. */
async function memberPage(db: Parameters<typeof listAudit>[0], uid: string, viewerUid: string | undefined) {
  const member = UID.test(uid)
    ? await readAdminMember(db, uid).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not-found") return null;
        throw error;
      })
    : null;
  return { member, self: member !== null && member.profile.uid === viewerUid };
}

/**
 * The audit log's first page with the filters the URL names (a filter that cannot be read shows
 * every entry, and says so), for a viewer who may read it: everything for an admin, the moderation
 * decisions for a moderator.
 */
async function auditSection(db: Parameters<typeof listAudit>[0], role: Parameters<typeof can>[0], url: URL) {
  if (!can(role, "audit:read:moderation")) return null;
  const only = can(role, "audit:read") ? undefined : MODERATION_AUDIT_ACTIONS;
  const filters = Object.fromEntries(
    AUDIT_FILTER_FIELDS.map((field) => [field, url.searchParams.get(field)?.trim() ?? ""]),
  ) as AuditFilterValues;
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
  const parsed = auditFilterQuery.safeParse(given);
  let filter = {};
  let invalid = !parsed.success;
  if (parsed.success) {
    try {
      filter = auditFilter(parsed.data, only);
    } catch {
      invalid = true;
    }
  }
  return {
    filters,
    invalid,
    actions: only ?? AUDIT_ACTIONS,
    membersLinked: can(role, "user:manage"),
    entries: await listAudit(db, { ...(invalid ? { only } : filter), limit: AUDIT_PAGE }),
  };
}

/**
 * Served as islands (decision 042): the sections are server HTML; a report's or a guide's decision, a
 * restore list, the members' forms and each "more" are islands the moderator wakes by using them.
 */
export const handle = islandsHandle;

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { i18n, moderation, audit, members, hiddenGuides, hiddenPosts, hiddenComments } = loaderData;
  useRouteMessages(i18n);
  return (
    <AdminHome sections={loaderData.sections} section={loaderData.section} outbox={loaderData.outbox}>
      {loaderData.dashboard ? <DashboardSection {...loaderData.dashboard} /> : null}
      {moderation ? <ModerationQueue i18n={i18n} {...moderation} /> : null}
      {loaderData.guideReview ? <GuideReviewQueue {...loaderData.guideReview} /> : null}
      {hiddenGuides ? (
        <Island
          name="hidden-guides"
          component={HiddenGuides}
          props={{ i18n: pickMessages(hiddenGuides.i18n, ["hidden"]), guides: hiddenGuides.guides }}
          when="used"
        />
      ) : null}
      {hiddenPosts ? (
        <Island
          name="hidden-posts"
          component={HiddenPosts}
          props={{ i18n: pickMessages(hiddenPosts.i18n, ["hidden", "errors"]), posts: hiddenPosts.posts }}
          when="used"
        />
      ) : null}
      {hiddenComments ? (
        <Island
          name="hidden-comments"
          component={HiddenComments}
          props={{ i18n: pickMessages(hiddenComments.i18n, ["hidden", "hiddenComments", "errors"]), comments: hiddenComments.comments }}
          when="used"
        />
      ) : null}
      {members ? <MemberBadges i18n={i18n} {...members} /> : null}
      {loaderData.member ? <AdminMember i18n={i18n} {...loaderData.member} /> : null}
      {loaderData.content ? <ContentSection {...loaderData.content} /> : null}
      {loaderData.announcements ? <AnnouncementsSection {...loaderData.announcements} /> : null}
      {loaderData.siteSettings ? <SiteSettingsSection {...loaderData.siteSettings} /> : null}
      {audit ? <AuditLog i18n={i18n} pageSize={AUDIT_PAGE} {...audit} /> : null}
    </AdminHome>
  );
}
