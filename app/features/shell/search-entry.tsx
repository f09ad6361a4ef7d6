import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SearchIcon } from "../../shared/ui/icons.tsx";

/** The app bar's search field: a GET form to the home page, which holds the global search. */
export function SearchEntry({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/" role="search" className={`relative ${className}`}>
      <label htmlFor="app-search" className="sr-only">
        {t("search.label")}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
      <input
        id="app-search"
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t("search.placeholder")}
        className="h-10 w-full rounded-md border border-line bg-surface-muted pr-3 pl-9 text-sm text-fg placeholder:text-fg-muted"
      />
    </Form>
  );
}
