/** A catalog item found by name ("giap" finds "Giáp"), for the offer and alert forms. */
import { useEffect, useId, useState } from "react";
import type { Localized } from "../../../universal/content/pack-schema.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

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
}: {
  value: PickedItem | null;
  onChange: (item: PickedItem | null) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation("offers");
  const id = useId();
  const [query, setQuery] = useState("");
  const hits = useItemSearch(value ? "" : query);
  const name = value ? localize(value.name, i18n.language) : "";
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
            value={query}
            autoComplete="off"
            placeholder={t("form.itemPlaceholder")}
            aria-controls={`${id}-list`}
            onChange={(event) => setQuery(event.target.value)}
            className="min-h-11 rounded-md border border-line bg-bg px-2 text-fg"
          />
          {query.trim().length >= 2 ? (
            <ul
              id={`${id}-list`}
              aria-label={t("form.itemResults")}
              className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
            >
              {hits.length === 0 ? <li className="px-2 py-2 text-sm text-fg-muted">{t("form.itemNone")}</li> : null}
              {hits.map((hit) => (
                <li key={hit.id}>
                  <button
                    type="button"
                    onClick={() => (onChange(hit), setQuery(""))}
                    className="flex min-h-10 w-full items-center gap-2 rounded px-2 text-left hover:bg-surface-muted"
                  >
                    {hit.icon ? <GameIcon icon={hit.icon} size={24} /> : null}
                    {localize(hit.name, i18n.language)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
