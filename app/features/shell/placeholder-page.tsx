import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useMatches } from "react-router";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

/**
 * A page whose body arrives in a later issue: its heading, breadcrumb and a sentence saying what
 * it will hold. It shows no invented data.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const key = useMatches().at(-1)?.id ?? "home";
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumbs />
      <h1 className="text-2xl font-bold sm:text-3xl">{t(`pages.${key}.title`)}</h1>
      <p className="mt-3 text-fg-muted">{t(`pages.${key}.description`)}</p>
      <p className="mt-6 rounded-lg border border-dashed border-line bg-surface p-4 text-sm text-fg-muted">{t("placeholder.comingSoon")}</p>
    </article>
  );
}
