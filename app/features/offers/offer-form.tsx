/**
 * Posting a buy or sell offer: item, quantity, unit price in whole gold, server, character name,
 * note, expiry. Loaded when the member opens it. The server checks everything again; a retry sends
 * the same client id, so a slow network never posts twice.
 */
import { useState, type FormEvent } from "react";
import {
  CHARACTER_NAME_MAX,
  OFFER_EXPIRY_DAYS_MAX,
  OFFER_EXPIRY_DAYS_MIN,
  OFFER_NOTE_MAX,
  OFFER_PRICE_MAX,
  OFFER_QUANTITY_MAX,
} from "../../../universal/offers/offer-limits.ts";
import { offerSides, type Offer, type OfferSide } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { RadioChoices } from "../../shared/ui/modal-dialog.tsx";
import { ItemPicker, type PickedItem } from "./item-picker.tsx";
import { formatGold, offerError, parseWhole } from "./offer-text.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { ServerOptions } from "../../shared/ui/server-options.tsx";
import { FormAlert } from "../../shared/ui/form-alert.tsx";

export interface ServerChoice {
  id: string;
  name: string;
}

const field = "min-h-11 rounded-md border border-line bg-bg px-2 text-fg";
const EXPIRY_CHOICES = [1, 3, 7, 14, 30] as const;

export function OfferForm({
  servers,
  characterNames,
  initialItem,
  initialSide,
  onPosted,
  onClose,
}: {
  servers: ServerChoice[];
  /** The member's claimed names, offered as suggestions. */
  characterNames: string[];
  initialItem: PickedItem | null;
  initialSide: OfferSide;
  onPosted: (offer: Offer) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("offers");
  const language = i18n.language;
  // Fixed, not useId: opened by `?item=`, the form is server HTML in an island that hydrates later. One form per page.
  const id = "offer-form";
  const [side, setSide] = useState<OfferSide>(initialSide);
  const [item, setItem] = useState<PickedItem | null>(initialItem);
  const [quantity, setQuantity] = useState("1");
  const [price, setPrice] = useState("");
  const [server, setServer] = useState(servers[0]?.id ?? "");
  const [character, setCharacter] = useState(characterNames[0] ?? "");
  const [note, setNote] = useState("");
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [clientId] = useState(newClientId);

  const unitPrice = parseWhole(price);
  const count = parseWhole(quantity);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!item) return setError(t("form.errors.item"));
    if (count === null || count < 1 || count > OFFER_QUANTITY_MAX)
      return setError(t("form.errors.quantity", { max: numberFormat(language).format(OFFER_QUANTITY_MAX) }));
    if (unitPrice === null || unitPrice < 1 || unitPrice > OFFER_PRICE_MAX) return setError(t("form.errors.price"));
    if (!character.trim()) return setError(t("form.errors.character"));
    setError(null);
    setSending(true);
    const answer = await apiJson<Offer>("/api/offers", {
      body: {
        side,
        itemId: item.id,
        quantity: count,
        unitPrice,
        server,
        characterName: character,
        note: note.trim() || null,
        expiresInDays: days,
        clientId,
      },
    });
    setSending(false);
    if (!answer.ok) return setError(offerError(t, answer, i18n.language));
    onPosted(answer.data);
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("form.title")}
      </h2>
      <RadioChoices
        name={`${id}-side`}
        legend={t("form.side")}
        choices={offerSides.map((each) => [each, t(`form.sides.${each}`)] as const)}
        value={side}
        onChange={setSide}
      />
      <ItemPicker value={item} onChange={setItem} label={t("form.item")} id="offer-form-item" />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("fields.quantity")}</span>
          <input
            value={quantity}
            inputMode="numeric"
            autoComplete="off"
            required
            onChange={(event) => setQuantity(event.target.value)}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("form.unitPrice")}</span>
          <input
            value={price}
            inputMode="numeric"
            autoComplete="off"
            required
            aria-describedby={`${id}-total`}
            onChange={(event) => setPrice(event.target.value)}
            className={field}
          />
        </label>
      </div>
      <p id={`${id}-total`} className="text-sm text-fg-muted" aria-live="polite">
        {unitPrice !== null && count !== null && unitPrice > 0 && count > 0
          ? t("form.total", { total: formatGold(t, language, unitPrice * count) })
          : t("form.priceHint")}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("fields.server")}</span>
          <select value={server} onChange={(event) => setServer(event.target.value)} className={field}>
            <ServerOptions servers={servers} />
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("fields.characterName")}</span>
          <input
            value={character}
            list={`${id}-names`}
            maxLength={CHARACTER_NAME_MAX}
            autoComplete="off"
            required
            onChange={(event) => setCharacter(event.target.value)}
            className={field}
          />
          <datalist id={`${id}-names`}>
            {characterNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </label>
      </div>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("form.expiry")}</span>
        <select value={days} onChange={(event) => setDays(Number(event.target.value))} className={field}>
          {EXPIRY_CHOICES.filter((each) => each >= OFFER_EXPIRY_DAYS_MIN && each <= OFFER_EXPIRY_DAYS_MAX).map((each) => (
            <option key={each} value={each}>
              {t("form.days", { count: each })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("form.note")}</span>
        <textarea
          value={note}
          maxLength={OFFER_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          className="min-h-20 rounded-md border border-line bg-bg p-2 text-fg"
        />
      </label>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 items-center rounded-md px-4 font-semibold hover:bg-surface-muted"
        >
          {t("dialog.back")}
        </button>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
        >
          {sending ? t("form.posting") : t("form.submit")}
        </button>
      </div>
    </form>
  );
}
