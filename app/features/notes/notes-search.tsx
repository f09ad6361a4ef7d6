/**
 * The notes' search (an island the member wakes by using it): what is typed goes to `?q=` after a pause
 * (`useSearchText`), the tag kept, and the server's tags and list for the new address replace the shown
 * ones in place (`showNotesResults`). Before it wakes it is a plain GET form, which Enter submits.
 */
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useQueryParts } from "../../shared/islands/use-query-parts.ts";
import { useSearchText } from "../../shared/routing/use-search-text.ts";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { showNotesResults } from "./notes-results.ts";

/** The namespace's part the search shows. */
export const NOTES_SEARCH_MESSAGES = ["list"] as const;

/** The search field's id: fixed, since the island's `useId` would not be the page's. */
const SEARCH_ID = "notes-search-q";

export interface NotesSearchProps {
  /** The notes namespace's `NOTES_SEARCH_MESSAGES`. */
  i18n: RouteMessages;
}

export function NotesSearch({ i18n }: NotesSearchProps) {
  const { t } = useRouteMessages(i18n);
  const [params, setParams] = useUrlParams();
  const [text, setText] = useSearchText(params.get("q") ?? "", setParams);
  const tag = params.get("tag");

  useQueryParts(params.toString(), showNotesResults);

  return (
    <form
      method="get"
      action="/me/note"
      role="search"
      className="mt-4 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setParams({ q: text.trim() || null });
      }}
    >
      <label htmlFor={SEARCH_ID} className="sr-only">
        {t("list.search")}
      </label>
      <input
        id={SEARCH_ID}
        name="q"
        type="search"
        className={`${field} h-11 flex-1`}
        value={text}
        placeholder={t("list.searchPlaceholder")}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      {tag ? <input type="hidden" name="tag" value={tag} /> : null}
    </form>
  );
}
