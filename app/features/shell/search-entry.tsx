import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Form, useNavigate } from "react-router";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { highlightParts, highlightRanges } from "../../shared/ui/highlight.ts";
import { SearchIcon } from "../../shared/ui/icons.tsx";
import { groupHits, hitHref, useSearchResults, type SearchHit } from "./global-search.tsx";

/** The search's fallback without JavaScript: the catalog page filters by `q`. */
const FALLBACK_ACTION = "/equipments-items";

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

/**
 * The app bar's search: an ARIA 1.2 combobox (the input owns a listbox of hits grouped by kind,
 * the active option named by `aria-activedescendant`, focus stays in the input). Without
 * JavaScript it is a plain GET form to the catalog. `variant` "dialog" lays the results out in
 * the flow of the small-screen search dialog instead of as a popup under the field.
 */
export function SearchEntry({
  className = "",
  id = "app-search",
  variant = "bar",
}: {
  className?: string;
  id?: string;
  variant?: "bar" | "dialog";
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const listboxId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { hits, status, settledQuery } = useSearchResults(query);

  const language = i18n.language === "vi" ? "vi" : "en";
  const groups = useMemo(() => groupHits(hits.filter((hit) => hitHref(hit) !== null)), [hits]);
  const options = useMemo(() => groups.flatMap((group) => group.hits), [groups]);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const hasQuery = query.trim().length > 0;
  const expanded = open && hasQuery && options.length > 0;
  const showStatus = open && hasQuery;
  const activeIndex = expanded && active < options.length ? active : -1;

  // A new answer starts with no active option (the previous index may point elsewhere now).
  const [seenHits, setSeenHits] = useState(hits);
  if (seenHits !== hits) {
    setSeenHits(hits);
    setActive(-1);
  }

  function go(hit: SearchHit) {
    const href = hitHref(hit);
    if (!href) return;
    setOpen(false);
    setQuery("");
    setActive(-1);
    input.current?.blur();
    void navigate(href);
  }

  function move(delta: number) {
    if (options.length === 0) return;
    setOpen(true);
    const next = activeIndex === -1 ? (delta > 0 ? 0 : options.length - 1) : (activeIndex + delta + options.length) % options.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-1);
        break;
      case "Enter": {
        // The active hit, else the best hit of the answer shown; with no answer yet, the form
        // searches the item catalog.
        const hit = activeIndex >= 0 ? options[activeIndex] : expanded && status === "done" ? options[0] : undefined;
        if (hit) {
          event.preventDefault();
          go(hit);
        }
        break;
      }
      case "Escape":
        if (expanded || showStatus) {
          // Closes the list only; a second Escape closes the search dialog (or clears the field).
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (variant === "dialog") {
          // A search field eats Escape to clear itself; in the dialog, Escape closes the dialog.
          event.preventDefault();
          event.currentTarget.closest("dialog")?.close();
        }
        break;
    }
  }

  let message = "";
  if (showStatus) {
    if (status === "error") message = t("search.error");
    else if (status === "loading" && options.length === 0) message = t("search.loading");
    else if (status === "done" && options.length === 0 && settledQuery) message = t("search.empty", { query: settledQuery });
  }
  const countMessage = showStatus && status === "done" && options.length > 0 ? t("search.count", { count: options.length }) : "";

  const popup =
    variant === "bar"
      ? "absolute top-full right-0 z-40 mt-1 w-[min(28rem,calc(100vw-1rem))] rounded-md border border-line bg-surface shadow-lg"
      : "mt-2";

  return (
    <Form method="get" action={FALLBACK_ACTION} role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <SearchIcon className="pointer-events-none absolute top-5 left-3 size-4 -translate-y-1/2 text-fg-muted" />
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        role="combobox"
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t("search.placeholder")}
        title={t("search.hint")}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-line bg-surface-muted pr-3 pl-9 text-sm text-fg placeholder:text-fg-muted"
      />
      <div className={showStatus && (expanded || message) ? popup : "hidden"}>
        <div
          id={listboxId}
          role="listbox"
          aria-label={t("search.results")}
          hidden={!expanded}
          className={`overflow-y-auto py-1 ${variant === "bar" ? "max-h-[min(70vh,28rem)]" : "max-h-[calc(100dvh-9rem)]"}`}
          // The input keeps the focus while a pointer picks an option.
          onMouseDown={(event) => event.preventDefault()}
        >
          {groups.map((group) => {
            const headingId = `${listboxId}-group-${group.kind}`;
            return (
              <ul key={group.kind} role="group" aria-labelledby={headingId}>
                <li
                  role="presentation"
                  id={headingId}
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase"
                >
                  {t(`search.kinds.${group.kind}`, { defaultValue: t("search.kinds.other") })}
                </li>
                {group.hits.map((hit) => {
                  const own = options.indexOf(hit);
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
                      onClick={() => go(hit)}
                      onMouseMove={() => {
                        if (active !== own) setActive(own);
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
        {message ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-fg-muted">
            {message}
          </p>
        ) : null}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {message || countMessage}
      </p>
    </Form>
  );
}
