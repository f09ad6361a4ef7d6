/** The price alert and character claim forms of `/me/make-offer`, loaded when opened. */
import { useId, useState, type FormEvent } from "react";
import { CHARACTER_NAME_MAX } from "../../../universal/offers/offer-limits.ts";
import { offerSides, type Alert, type CharacterClaim, type OfferSide } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { RadioChoices } from "../../shared/ui/modal-dialog.tsx";
import { ItemPicker, type PickedItem } from "./item-picker.tsx";
import type { ServerChoice } from "./offer-form.tsx";
import { offerError, parseWhole } from "./offer-text.ts";
import { ServerOptions } from "../../shared/ui/server-options.tsx";
import { FormAlert } from "../../shared/ui/form-alert.tsx";

const field = "min-h-11 rounded-md border border-line bg-bg px-2 text-fg";
const back = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold hover:bg-surface-muted";
const submitButton = "inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";

function ServerSelect({
  servers,
  value,
  onChange,
  label,
}: {
  servers: ServerChoice[];
  value: string;
  onChange: (id: string) => void;
  label: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-semibold">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} className={field}>
        <ServerOptions servers={servers} />
      </select>
    </label>
  );
}

export function AlertForm({
  servers,
  onAdded,
  onClose,
}: {
  servers: ServerChoice[];
  onAdded: (alert: Alert, item: PickedItem) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("offers");
  const id = useId();
  const [item, setItem] = useState<PickedItem | null>(null);
  const [side, setSide] = useState<OfferSide>("sell");
  const [server, setServer] = useState(servers[0]?.id ?? "");
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const bound = parseWhole(price);
    if (!item) return setError(t("form.errors.item"));
    if (bound === null || bound < 1) return setError(t("form.errors.price"));
    setError(null);
    setSending(true);
    const answer = await apiJson<Alert>("/api/alerts", {
      body: { itemId: item.id, side, server, ...(side === "sell" ? { maxPrice: bound } : { minPrice: bound }) },
    });
    setSending(false);
    if (!answer.ok) return setError(offerError(t, answer, i18n.language));
    onAdded(answer.data, item);
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-line p-3">
      <h3 id={`${id}-title`} className="font-bold">
        {t("alerts.formTitle")}
      </h3>
      <ItemPicker value={item} onChange={setItem} label={t("form.item")} />
      <RadioChoices
        name={`${id}-side`}
        legend={t("alerts.sideLabel")}
        choices={offerSides.map((each) => [each, t(`alerts.sides.${each}`)] as const)}
        value={side}
        onChange={setSide}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ServerSelect servers={servers} value={server} onChange={setServer} label={t("fields.server")} />
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{side === "sell" ? t("alerts.maxPrice") : t("alerts.minPrice")}</span>
          <input
            value={price}
            inputMode="numeric"
            autoComplete="off"
            required
            onChange={(event) => setPrice(event.target.value)}
            className={field}
          />
        </label>
      </div>
      <FormEnd error={error} sending={sending} submit={t("alerts.submit")} onClose={onClose} />
    </form>
  );
}

/** The end of each tool form: its refusal, if any, then back and submit. */
function FormEnd({ error, sending, submit, onClose }: { error: string | null; sending: boolean; submit: string; onClose: () => void }) {
  const { t } = useTranslation("offers");
  return (
    <>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={back}>
          {t("dialog.back")}
        </button>
        <button type="submit" disabled={sending} className={submitButton}>
          {submit}
        </button>
      </div>
    </>
  );
}

export function ClaimForm({
  servers,
  onClaimed,
  onClose,
}: {
  servers: ServerChoice[];
  onClaimed: (claim: CharacterClaim) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("offers");
  const id = useId();
  const [name, setName] = useState("");
  const [server, setServer] = useState(servers[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t("form.errors.character"));
    setError(null);
    setSending(true);
    const answer = await apiJson<CharacterClaim>("/api/characters/claims", { body: { name, server } });
    setSending(false);
    if (!answer.ok) return setError(offerError(t, answer));
    onClaimed(answer.data);
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-line p-3">
      <h3 id={`${id}-title`} className="font-bold">
        {t("claims.formTitle")}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("fields.characterName")}</span>
          <input
            value={name}
            maxLength={CHARACTER_NAME_MAX}
            autoComplete="off"
            required
            onChange={(event) => setName(event.target.value)}
            className={field}
          />
        </label>
        <ServerSelect servers={servers} value={server} onChange={setServer} label={t("fields.server")} />
      </div>
      <p className="text-sm text-fg-muted">{t("claims.hint")}</p>
      <FormEnd error={error} sending={sending} submit={t("claims.submit")} onClose={onClose} />
    </form>
  );
}
