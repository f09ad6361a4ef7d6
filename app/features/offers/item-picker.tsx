/**
 * A catalog item found by name ("giap" finds "Giáp"), for the offer and alert forms: a combobox, so
 * that the arrow keys move through the items found and Enter picks one, the focus staying in the field.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Localized } from "../../../universal/content/pack-schema.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { listboxKey } from "../../shared/ui/listbox-keys.ts";

export interface PickedItem {
  id: string;
  name: Localized;
  icon: string | null;
}

const SEARCH_DEBOUNCE_MS = 200;

function useItemSearch(query: string): PickedItem[] {
  const [answer, setAnswer] = useState<{ query: string; hits: PickedItem[] }>({ query: "", hits: [] });
  const text = query.trim();
  useEffect(() => {
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void apiJson<PickedItem[]>(`/api/v1/search?${new URLSearchParams({ q: text.slice(0, 100), limit: "8", kind: "items" })}`, {
        signal: controller.signal,
      }).then((found) => {
        if (found.ok) setAnswer({ query: text, hits: found.data.map(({ id, name, icon }) => ({ id, name, icon })) });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  // An answer for an older query is not shown.
  return answer.query === text ? answer.hits : [];
}

export function ItemPicker({
  value,
  onChange,
  label,
  id: fixedId,
}: {
  value: PickedItem | null;
  onChange: (item: PickedItem | null) => void;
  label: string;
  /** A fixed id, where the picker is rendered by the server in an island woken later (its `useId` would differ). */
  id?: string;
}) {
  const { t, i18n } = useTranslation("offers");
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const hits = useItemSearch(value ? "" : query);
  const name = value ? localize(value.name, i18n.language) : "";
  const open = !closed && query.trim().length >= 2;
  const current = Math.min(active, Math.max(0, hits.length - 1));
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  // The field gives way to the picked item: the focus goes to its remove button, not to the page.
  const removeButton = useRef<HTMLButtonElement>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (value && picked.current) removeButton.current?.focus();
    picked.current = false;
  }, [value]);
  const choose = (hit: PickedItem) => {
    picked.current = true;
    onChange(hit);
    setQuery("");
    setActive(0);
  };
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    const move = listboxKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }, current, hits.length);
    if (!move) return;
    // Enter picks an item rather than sending the form; Escape closes the list rather than clearing the field.
    event.preventDefault();
    if (move.kind === "move") setActive(move.active);
    else if (move.kind === "close") setClosed(true);
    else {
      const hit = hits[current];
      if (hit) choose(hit);
    }
  }
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {value ? (
        <p className="flex min-h-11 items-center gap-2 rounded-md border border-line bg-bg px-2">
          {value.icon ? <GameIcon icon={value.icon} size={24} /> : null}
          <span className="flex-1 truncate" data-testid="picked-item">
            {name}
          </span>
          <button
            id={id}
            ref={removeButton}
            type="button"
            onClick={() => onChange(null)}
            aria-label={t("form.itemRemove", { name })}
            className="inline-flex size-9 items-center justify-center rounded hover:bg-surface-muted"
          >
            <span aria-hidden="true">×</span>
          </button>
        </p>
      ) : (
        <>
          <input
            id={id}
            type="search"
            role="combobox"
            value={query}
            autoComplete="off"
            placeholder={t("form.itemPlaceholder")}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && hits.length > 0 ? optionId(current) : undefined}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setClosed(false);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setClosed(true)}
            onFocus={() => setClosed(false)}
            className="min-h-11 rounded-md border border-line bg-bg px-2 text-fg"
          />
          {open ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={t("form.itemResults")}
              className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
            >
              {hits.length === 0 ? (
                <li role="presentation" className="px-2 py-2 text-sm text-fg-muted">
                  {t("form.itemNone")}
                </li>
              ) : null}
              {hits.map((hit, index) => (
                <li
                  key={hit.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  onPointerDown={(event) => {
                    // Keeps the focus in the field, so that the list is not closed before the pick.
                    event.preventDefault();
                    choose(hit);
                  }}
                  className={`flex min-h-10 w-full cursor-pointer items-center gap-2 rounded px-2 text-left hover:bg-surface-muted ${index === current ? "bg-surface-muted font-semibold" : ""}`}
                >
                  {hit.icon ? <GameIcon icon={hit.icon} size={24} /> : null}
                  {localize(hit.name, i18n.language)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
