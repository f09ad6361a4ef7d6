/** The "add an item" form of the bag's tools: the item found by name (the catalog search), quantity, enhancement and a note. */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { SearchHit } from "../../../server/content-api/search.ts";
import { BAG_ENHANCEMENT_MAX, BAG_NOTE_MAX, BAG_QUANTITY_MAX, type BagEntry } from "../../../universal/bag/bag-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { newClientId } from "../../shared/new-client-id.ts";
import { field } from "../../shared/ui/catalog-parts.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { NumberField } from "../../shared/ui/number-field.tsx";
import { bagError } from "./bag-errors.ts";
import { buttonClass, secondary } from "./bag-ui.ts";

const SUGGEST_DELAY_MS = 200;

export function AddEntry({ onAdded, onClose }: { onAdded(message: string): void; onClose(): void }) {
  const { t, i18n } = useTranslation("bag");
  const ids = useId();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [item, setItem] = useState<SearchHit | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [enhancement, setEnhancement] = useState(0);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientId = useRef(newClientId("bag"));
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2 || (item && localize(item.name, i18n.language) === query)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await apiJson<SearchHit[]>(`/api/v1/search?${new URLSearchParams({ q: text, kind: "items", limit: "8" })}`, {
        signal: controller.signal,
      });
      if (answer.ok) setHits(answer.data);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, item, i18n.language]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Marked busy, not disabled: a disabled button would drop the keyboard's focus to the page.
    if (busy) return;
    if (!item) return setError(t("add.pickItem"));
    setBusy(true);
    const answer = await apiJson<BagEntry>("/api/bag", {
      body: { itemId: item.id, quantity, enhancement, note: note.trim() || null, clientId: clientId.current },
    });
    setBusy(false);
    if (!answer.ok) return setError(bagError(t, answer, i18n.language));
    clientId.current = newClientId("bag");
    setItem(null);
    setQuery("");
    setHits([]);
    setNote("");
    setError(null);
    onAdded(t("add.added", { name: localize(answer.data.item.name, i18n.language) }));
    // Ready for the next item.
    search.current?.focus();
  }

  const listId = `${ids}-items`;
  const shown = item ? [] : hits;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-3 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
      noValidate
    >
      <h2 className="text-lg font-bold">{t("add.title")}</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-item`} className="text-sm font-semibold">
          {t("add.item")}
        </label>
        <input
          id={`${ids}-item`}
          ref={search}
          className={`${field} h-11`}
          value={query}
          placeholder={t("add.itemPlaceholder")}
          autoComplete="off"
          aria-controls={shown.length > 0 ? listId : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setItem(null);
          }}
        />
        {item ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <GameIcon icon={item.icon ?? "game-icons:swap-bag"} size={24} />
            {t("add.chosen", { name: localize(item.name, i18n.language) })}
          </p>
        ) : null}
        {shown.length > 0 ? (
          <ul id={listId} aria-label={t("add.item")} className="flex flex-col gap-1 rounded-md border border-line p-1">
            {shown.map((hit) => (
              <li key={hit.id}>
                <button
                  type="button"
                  className="flex min-h-10 w-full items-center gap-2 rounded px-2 text-left text-sm hover:bg-surface-muted"
                  onClick={() => {
                    setItem(hit);
                    setQuery(localize(hit.name, i18n.language));
                    setHits([]);
                  }}
                >
                  <GameIcon icon={hit.icon ?? "game-icons:swap-bag"} size={24} />
                  {localize(hit.name, i18n.language)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <NumberField label={t("add.quantity")} value={quantity} min={1} max={BAG_QUANTITY_MAX} onValue={setQuantity} />
        <NumberField label={t("add.enhancement")} value={enhancement} min={0} max={BAG_ENHANCEMENT_MAX} onValue={setEnhancement} />
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t("add.note")}
        <input className={`${field} h-11`} value={note} maxLength={BAG_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
      </label>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${buttonClass} bg-brand text-on-brand aria-disabled:opacity-60`} aria-disabled={busy}>
          {t("add.submit")}
        </button>
        <button type="button" className={secondary} onClick={onClose}>
          {t("add.cancel")}
        </button>
      </div>
    </form>
  );
}
