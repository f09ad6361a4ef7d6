import { useTranslation } from "react-i18next";
import { can, type Permission, type Role } from "../../shared/auth/permissions.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

/** The admin area's sections and the permission each needs (the admin issue fills them in). */
const sectionPermissions = [
  ["dashboard", "audit:read"],
  ["users", "user:manage"],
  ["content", "content:manage"],
  ["moderation", "moderation:access"],
  ["announcements", "announcement:manage"],
  ["settings", "settings:manage"],
  ["audit", "audit:read"],
] as const satisfies readonly (readonly [string, Permission])[];

export type AdminSection = (typeof sectionPermissions)[number][0];

export function adminSections(role: Role | null): AdminSection[] {
  return sectionPermissions.filter(([, permission]) => can(role, permission)).map(([section]) => section);
}

export function AdminHome({ sections }: { sections: AdminSection[] }) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t("pages.admin.title")}</h1>
      <p className="mt-3 text-fg-muted">{t("pages.admin.description")}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label={t("admin.sectionsLabel")}>
        {sections.map((section) => (
          <li key={section} className="rounded-lg border border-line bg-surface p-4">
            <h2 className="font-semibold">{t(`admin.sections.${section}.title`)}</h2>
            <p className="mt-1 text-sm text-fg-muted">{t(`admin.sections.${section}.description`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 rounded-lg border border-dashed border-line bg-surface p-4 text-sm text-fg-muted">{t("placeholder.comingSoon")}</p>
    </article>
  );
}
