import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useNavigate } from "react-router";
import { SearchIcon } from "../../shared/ui/icons.tsx";
import type { SearchHit, SearchStatus } from "./global-search.tsx";

/** The results list and the search data load when the field is first focused or touched. */
const SearchResults = lazy(() => import("./search-results.tsx"));

/** A hit of the answer with the page it opens. */
export interface SearchOption {
  hit: SearchHit;
  href: string;
}

/** What the results part reports of the latest answer, for the field's keyboard and status. */
export interface SearchAnswer {
  options: SearchOption[];
  status: SearchStatus;
  settledQuery: string;
}

const NO_ANSWER: SearchAnswer = { options: [], status: "idle", settledQuery: "" };

/** The search's fallback without JavaScript: the catalog page filters by `q`. */
const FALLBACK_ACTION = "/equipments-items";

/**
 * The app bar's search: an ARIA 1.2 combobox (the input owns a listbox of hits grouped by kind,
 * the active option named by `aria-activedescendant`, focus stays in the input). Without
 * JavaScript it is a plain GET form to the catalog. The field is part of the page's first load; the
 * results (search-results.tsx) load when it is first focused or touched. `variant` "dialog" lays the results out in
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listboxId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [used, setUsed] = useState(false);
  const [answer, setAnswer] = useState<SearchAnswer>(NO_ANSWER);
  const { options, status, settledQuery } = answer;
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);
  const use = () => setUsed(true);

  const hasQuery = query.trim().length > 0;
  const expanded = open && hasQuery && options.length > 0;
  const showStatus = open && hasQuery;
  const activeIndex = expanded && active < options.length ? active : -1;

  // A new answer starts with no active option (the previous index may point elsewhere now).
  const [seenOptions, setSeenOptions] = useState(options);
  if (seenOptions !== options) {
    setSeenOptions(options);
    setActive(-1);
  }

  function go({ href }: SearchOption) {
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
    <form
      method="get"
      action={FALLBACK_ACTION}
      role="search"
      className={`relative ${className}`}
      onSubmit={(event) => {
        // With JavaScript the catalog opens through the router (in place, or as a document in a page of islands).
        event.preventDefault();
        const q = new FormData(event.currentTarget).get("q");
        input.current?.blur();
        void navigate(`${FALLBACK_ACTION}?${new URLSearchParams({ q: typeof q === "string" ? q : "" })}`);
      }}
    >
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
        aria-controls={used ? listboxId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          use();
          setOpen(true);
        }}
        onPointerEnter={use}
        onTouchStart={use}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-line bg-surface-muted pr-3 pl-9 text-sm text-fg placeholder:text-fg-muted"
      />
      <div className={showStatus && (expanded || message) ? popup : "hidden"}>
        {used ? (
          <Suspense fallback={null}>
            <SearchResults
              className={`overflow-y-auto py-1 ${variant === "bar" ? "max-h-[min(70vh,28rem)]" : "max-h-[calc(100dvh-9rem)]"}`}
              query={query}
              listboxId={listboxId}
              optionId={optionId}
              activeIndex={activeIndex}
              expanded={expanded}
              onAnswer={setAnswer}
              onActive={setActive}
              onPick={go}
            />
          </Suspense>
        ) : null}
        {message ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-fg-muted">
            {message}
          </p>
        ) : null}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {message || countMessage}
      </p>
    </form>
  );
}
