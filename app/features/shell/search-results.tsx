/**
 * The app bar search's results: fetches the hits for the query, and renders the listbox of hits
 * grouped by kind with the matched text highlighted. Loaded when the field is first used, so its
 * code and the search data module stay out of every page's first load.
 */
import { useEffect, useMemo } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { highlightParts, highlightRanges } from "../../shared/ui/highlight.ts";
import { groupHits, hitHref, useSearchResults } from "./global-search.tsx";
import type { SearchAnswer, SearchOption } from "./search-entry.tsx";

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-accent-soft font-semibold text-fg">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export default function SearchResults({
  query,
  listboxId,
  optionId,
  activeIndex,
  expanded,
  onAnswer,
  onActive,
  onPick,
  className,
}: {
  className: string;
  query: string;
  listboxId: string;
  optionId: (index: number) => string;
  activeIndex: number;
  expanded: boolean;
  onAnswer: (answer: SearchAnswer) => void;
  onActive: (index: number) => void;
  onPick: (option: SearchOption) => void;
}) {
  const { t, i18n } = useTranslation();
  const { hits, status, settledQuery } = useSearchResults(query);
  const language = i18n.language === "vi" ? "vi" : "en";
  const groups = useMemo(
    () =>
      groupHits(hits.filter((hit) => hitHref(hit) !== null)).map((group) => ({
        kind: group.kind,
        options: group.hits.map((hit): SearchOption => ({ hit, href: hitHref(hit) ?? "" })),
      })),
    [hits],
  );
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);

  useEffect(() => {
    onAnswer({ options, status, settledQuery });
  }, [onAnswer, options, status, settledQuery]);

  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label={t("search.results")}
      hidden={!expanded}
      className={className}
      // The input keeps the focus while a pointer picks an option.
      onMouseDown={(event) => event.preventDefault()}
    >
      {groups.map((group) => {
        const headingId = `${listboxId}-group-${group.kind}`;
        return (
          <ul key={group.kind} role="group" aria-labelledby={headingId}>
            <li role="presentation" id={headingId} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {t(`search.kinds.${group.kind}`, { defaultValue: t("search.kinds.other") })}
            </li>
            {group.options.map((option) => {
              const { hit } = option;
              const own = options.indexOf(option);
              const name = hit.name[language];
              const other = hit.name[language === "vi" ? "en" : "vi"];
              const showOther = other !== name && highlightRanges(name, query).length === 0 && highlightRanges(other, query).length > 0;
              return (
                <li
                  key={`${hit.kind}:${hit.id}`}
                  id={optionId(own)}
                  role="option"
                  aria-selected={own === activeIndex}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-fg ${own === activeIndex ? "bg-surface-muted" : "hover:bg-surface-muted"}`}
                  onClick={() => onPick(option)}
                  onMouseMove={() => {
                    if (activeIndex !== own) onActive(own);
                  }}
                >
                  {hit.icon ? <GameIcon icon={hit.icon} size={20} tone="muted" /> : <span className="size-5 shrink-0" />}
                  <span className="min-w-0 flex-1 truncate">
                    <Highlighted text={name} query={query} />
                    {showOther ? (
                      <span className="ml-2 text-xs text-fg-muted">
                        <Highlighted text={other} query={query} />
                      </span>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        );
      })}
    </div>
  );
}
