import { useTranslation } from "../i18n/use-translation.tsx";
import { Link, useMatches } from "react-router";
import { findPage, type PageEntry } from "../../../universal/routing/route-table.ts";

function trail(entry: PageEntry): PageEntry[] {
  const parent = entry.parent ? findPage(entry.parent) : undefined;
  const home = findPage("home");
  const before = parent ? trail(parent) : entry.key === "home" || !home ? [] : [home];
  return [...before, entry];
}

/** Home › list page › detail page, from the route table; `current` names the entry a detail page shows. */
export function Breadcrumbs({ current }: { current?: string }) {
  const { t } = useTranslation();
  const leaf = useMatches().at(-1);
  const entry = leaf ? findPage(leaf.id) : undefined;
  if (!entry) return null;
  const items = trail(entry);
  return (
    <nav aria-label={t("breadcrumb.label")} className="mb-3 text-sm text-fg-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.key} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="text-fg">
                  {current ?? t(`pages.${item.key}.nav`)}
                </span>
              ) : (
                <>
                  <Link to={item.path} className="text-link underline-offset-2 hover:underline">
                    {t(`pages.${item.key}.nav`)}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
