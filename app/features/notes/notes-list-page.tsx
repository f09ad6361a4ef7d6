/**
 * `/me/note`: the member's notes, pinned first, then the newest change; an accent-insensitive search
 * and a tag filter kept in the URL (`?q=`, `?tag=`), answered by the loader in one pass. Served as
 * islands: the tags and the list are server HTML (the tags are links); the search is an island the
 * member wakes by using it (a GET form until then), which shows the server's new tags and list in
 * place (`notes-results.ts`).
 */
import { Link } from "react-router";
import { checklistItems, type Note } from "../../../universal/notes/note-limits.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { MessageWithTime } from "../../shared/ui/countdown.tsx";
import { NOTES_RESULT_PARTS } from "./notes-results.ts";
import { NOTES_SEARCH_MESSAGES, NotesSearch } from "./notes-search.tsx";

const [TAGS_PART, LIST_PART] = NOTES_RESULT_PARTS;

export interface NotesListProps {
  i18n: RouteMessages;
  notes: Note[];
  /** Every tag of the member's notes, for the filter. */
  tags: string[];
  q: string;
  tag: string | null;
}

const chip = "inline-flex min-h-8 items-center rounded-full border px-3 text-sm";
export const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";

/** The first words of a note's markdown, without its marks, for the list. */
function excerpt(body: string): string {
  const plain = body
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s*/gm, "")
    .replace(/[#>*_`~[\]()!|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 159)}…` : plain;
}

export function tagHref(tag: string | null, q = ""): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (tag) params.set("tag", tag);
  const query = params.toString();
  return query ? `/me/note?${query}` : "/me/note";
}

export function NotesListPage({ i18n, notes, tags, q, tag }: NotesListProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;

  const filtered = q !== "" || tag !== null;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meNote.title")}</h1>
          <p className="mt-1 text-fg-muted">{t("common:pages.meNote.description")}</p>
        </div>
        <Link to="/me/note/detail" className={`${buttonClass} bg-brand text-on-brand`}>
          + {t("list.new")}
        </Link>
      </div>

      <Island name="notes-search" component={NotesSearch} props={{ i18n: pickMessages(i18n, NOTES_SEARCH_MESSAGES) }} when="used" />

      <div id={TAGS_PART}>
        {tags.length > 0 ? (
          <nav aria-label={t("list.tags")} className="mt-3 flex flex-wrap gap-2">
            {[null, ...tags].map((each) => (
              <Link
                key={each ?? ""}
                to={tagHref(each, q)}
                replace
                aria-current={each === tag ? "page" : undefined}
                className={`${chip} ${each === tag ? "border-brand bg-brand font-semibold text-on-brand" : "border-line bg-surface hover:border-brand"}`}
              >
                {each === null ? t("list.allTags") : `#${each}`}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      <div id={LIST_PART}>
        {notes.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">
            <p>{filtered ? t("list.noMatch") : t("list.empty")}</p>
            {filtered ? (
              <Link to="/me/note" className="mt-2 inline-flex min-h-10 items-center font-semibold text-link underline">
                {t("list.clear")}
              </Link>
            ) : null}
          </div>
        ) : (
          <ul aria-label={t("list.results")} className="mt-4 grid gap-3 xl:grid-cols-2">
            {notes.map((note) => {
              const items = checklistItems(note.body);
              const done = items.filter((item) => item.done).length;
              const shown = excerpt(note.body);
              return (
                <li key={note.id} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h2 className="min-w-0 text-lg font-bold break-words">
                      <Link to={`/me/note/detail?id=${note.id}`} className="underline-offset-2 hover:underline">
                        {note.title}
                      </Link>
                    </h2>
                    {note.pinned ? (
                      <span className="shrink-0 rounded-full border border-accent bg-accent-soft px-2 py-0.5 text-xs font-semibold">
                        {t("list.pinned")}
                      </span>
                    ) : null}
                  </div>
                  <p className="text-sm break-words text-fg-muted">{shown || t("list.untitledBody")}</p>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
                    {items.length > 0 ? <span>☑ {t("list.checklist", { done, total: items.length })}</span> : null}
                    <span>
                      <MessageWithTime message={(time) => t("list.updated", { time })} at={note.updatedAt} language={language} />
                    </span>
                    {note.tags.map((each) => (
                      <Link key={each} to={tagHref(each)} className="inline-flex min-h-6 items-center text-link underline">
                        #{each}
                      </Link>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
