import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { NavLink } from "react-router";
import { pages, sections } from "../../../universal/routing/route-table.ts";

/** Every section of the app, grouped as Reference / Community / Personal / Admin. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.label")} className="flex flex-col gap-4 p-3">
      {sections.map((section) => (
        <section key={section} aria-labelledby={`nav-${section}`}>
          <h2 id={`nav-${section}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {t(`nav.sections.${section}`)}
          </h2>
          <ul>
            {pages
              .filter((entry) => entry.section === section && entry.inNav)
              .map((entry) => (
                <li key={entry.key}>
                  <NavLink
                    to={entry.path}
                    end={entry.path === "/"}
                    prefetch="intent"
                    onClick={onNavigate}
                    // A member's daily pages move in place at once (decision 044): the menu goes with the old page.
                    data-move-now=""
                    className={({ isActive }) =>
                      `flex min-h-10 items-center rounded-md border-l-4 px-3 text-sm ${
                        isActive ? "border-brand bg-accent-soft font-semibold text-fg" : "border-transparent text-fg hover:bg-surface-muted"
                      }`
                    }
                  >
                    {t(`pages.${entry.key}.nav`)}
                  </NavLink>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
