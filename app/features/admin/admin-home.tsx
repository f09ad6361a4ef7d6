import type { ReactNode } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { can, type Permission, type Role } from "../../../universal/auth/permissions.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

/** The admin area's sections and the permission each needs (the admin issue fills them in). */
const sectionPermissions = [
  ["dashboard", "dashboard:read"],
  ["users", "user:manage"],
  ["content", "content:manage"],
  ["moderation", "moderation:access"],
  ["announcements", "announcement:manage"],
  ["settings", "settings:manage"],
  ["audit", "audit:read:moderation"],
] as const satisfies readonly (readonly [string, Permission])[];

export type AdminSection = (typeof sectionPermissions)[number][0];

/** Where each built section starts on /admin (its heading's id); a section not built yet has none. */
const sectionAnchors: Partial<Record<AdminSection, string>> = {
  dashboard: "dashboard",
  content: "content-editor",
  users: "admin-members",
  moderation: "moderation-queue",
  announcements: "announcements",
  settings: "site-settings",
  audit: "audit-log",
};

export function adminSections(role: Role | null): AdminSection[] {
  return sectionPermissions.filter(([, permission]) => can(role, permission)).map(([section]) => section);
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: number;
}

export function AdminHome({
  sections,
  section = null,
  outbox,
  children,
}: {
  sections: AdminSection[];
  /** The one section shown (`?section=`, or the one the address implies, or the viewer's first); null for a viewer with none. */
  section?: AdminSection | null;
  outbox: OutboxMail[];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const moderatorOnly = !sections.includes("users");
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("pages.admin.title")}</h1>
      {/* A moderator's /admin holds the moderation sections only, and says so. */}
      <p className="mt-3 text-fg-muted">{t(moderatorOnly ? "admin.moderatorLead" : "pages.admin.description")}</p>
      <nav aria-label={t("admin.sectionsLabel")}>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {sections.map((each) => (
            <li key={each} className={`rounded-lg border bg-surface p-4 ${each === section ? "border-brand" : "border-line"}`}>
              <h2 className="font-semibold">
                {sectionAnchors[each] ? (
                  <a
                    href={`?section=${each}#${sectionAnchors[each]}`}
                    aria-current={each === section ? "page" : undefined}
                    className="text-link underline-offset-2 hover:underline"
                  >
                    {t(`admin.sections.${each}.title`)}
                  </a>
                ) : (
                  t(`admin.sections.${each}.title`)
                )}
              </h2>
              <p className="mt-1 text-sm text-fg-muted">
                {t(moderatorOnly && each === "audit" ? "admin.auditModerationDescription" : `admin.sections.${each}.description`)}
              </p>
            </li>
          ))}
        </ul>
      </nav>
      {children}
      {outbox.length > 0 ? (
        <section aria-labelledby="admin-outbox" className="mt-8">
          <h2 id="admin-outbox" className="text-lg font-bold">
            {t("admin.outbox.title")}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t("admin.outbox.lead")}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {outbox.map((mail) => (
              <li key={mail.id} className="rounded-lg border border-line bg-surface p-3 text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-semibold">{mail.subject}</span> · {mail.to} ·{" "}
                    {formatDate(mail.createdAt, i18n.language, { date: "short", time: "short" })}
                  </summary>
                  <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap">{mail.text}</pre>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
