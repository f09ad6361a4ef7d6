/**
 * What the clan pages' forms share: the call that runs a clan action and says its refusal in the
 * reader's words, a button that asks first, the fields, and the classes they are drawn with.
 */
import { useState, type ReactNode } from "react";
import { CLAN_EMBLEMS, CLAN_NAME_MAX, CLAN_NAME_MIN, clanLanguages, type ClanLanguage } from "../../../universal/clans/clan-limits.ts";
import { apiJson, type ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText } from "../../shared/api/refusal-text.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { reloadDocument } from "../../shared/islands/document-reload.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

export const field = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";
export const primary =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";
export const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60";
export const danger =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 px-4 font-semibold text-red-700 disabled:opacity-60 dark:border-red-300 dark:text-red-300";

export function refusalWords(refusal: ApiRefusal) {
  return {
    reasons: "errors.reasons.",
    fields: {
      name: "errors.fields.name",
      tag: "errors.fields.tag",
      text: "errors.fields.text",
      title: "errors.fields.title",
      startsAt: "errors.fields.startsAt",
    },
    invalid: "errors.invalid",
    values: { limit: refusal.details.limit ?? "" },
  };
}

/**
 * Runs clan calls: `busy` while one is under way, the refusal's words in `error`. After a success the
 * page is loaded again, or `then` (a path) is opened.
 */
export function useClanCall(i18n: RouteMessages) {
  const { t } = useRouteMessages(i18n);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function run<T>(path: string, init: { method?: string; body?: unknown }, then?: (data: T) => string | void): Promise<boolean> {
    setBusy(true);
    setError("");
    const answer = await apiJson<T>(path, { method: init.method ?? "POST", body: init.body ?? {} });
    if (!answer.ok) {
      setBusy(false);
      setError(refusalText(t, answer, refusalWords(answer), i18n.language));
      return false;
    }
    const next = then?.(answer.data);
    if (typeof next === "string") window.location.assign(next);
    else await reloadDocument();
    return true;
  }
  return { t, busy, error, run };
}

/** A button that asks first: the question and a confirm and a cancel button take its place. */
export function ConfirmButton({
  label,
  question,
  busy,
  t,
  onConfirm,
  tone = "secondary",
}: {
  label: string;
  question: string;
  busy: boolean;
  t: TFunction;
  onConfirm: () => void;
  tone?: "secondary" | "danger";
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={tone === "danger" ? danger : secondary} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold">{question}</span>
      <button type="button" className={tone === "danger" ? danger : primary} disabled={busy} onClick={onConfirm}>
        {busy ? t("actions.working") : t("actions.confirm")}
      </button>
      <button type="button" className={secondary} disabled={busy} onClick={() => setAsking(false)}>
        {t("actions.cancel")}
      </button>
    </span>
  );
}

/** The emblems as a group of radio buttons, each its icon and name. */
export function EmblemPicker({ t, value, onChange }: { t: TFunction; value: string; onChange: (emblem: string) => void }) {
  const choices = CLAN_EMBLEMS.map((name) => `game-icons:${name}`);
  const shown = choices.includes(value) ? choices : [value, ...choices];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{t("create.emblem")}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        {shown.map((emblem) => {
          const name = emblem.slice("game-icons:".length);
          return (
            <label
              key={emblem}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-line p-2 text-center text-xs has-[:checked]:border-brand has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="emblem"
                value={emblem}
                checked={value === emblem}
                onChange={() => onChange(emblem)}
                className="sr-only"
              />
              <GameIcon icon={emblem} size={32} />
              <span>{t(`emblems.${name}`, { defaultValue: t("emblems.other") })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The clan's language, as a labelled select. */
export function LanguageField({
  t,
  id,
  value,
  onChange,
}: {
  t: TFunction;
  id: string;
  value: string;
  onChange: (language: ClanLanguage) => void;
}) {
  return (
    <Field id={id} label={t("directory.language")}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ClanLanguage)} className={field}>
        {clanLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`summary.languages.${language}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The clan's name, with its length rule. */
export function ClanNameField({ t, id, value, onChange }: { t: TFunction; id: string; value: string; onChange: (name: string) => void }) {
  return (
    <Field id={id} label={t("create.name")} hint={t("create.nameHint")}>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        minLength={CLAN_NAME_MIN}
        maxLength={CLAN_NAME_MAX}
        aria-describedby={`${id}-hint`}
        className={field}
      />
    </Field>
  );
}

export function SubmitButton({
  busy,
  label,
  t,
  tone = "primary",
}: {
  busy: boolean;
  label: string;
  t: TFunction;
  tone?: "primary" | "danger";
}) {
  return (
    <button type="submit" disabled={busy} className={`${tone === "danger" ? danger : primary} self-start`}>
      {busy ? t("actions.working") : label}
    </button>
  );
}

/** Two answers side by side (accept or decline, approve or refuse), and the refusal if one fails. */
export function AnswerPair({
  yes,
  no,
  busy,
  error,
  onAnswer,
}: {
  yes: string;
  no: string;
  busy: boolean;
  error: string;
  onAnswer: (yes: boolean) => void;
}) {
  return (
    <span className="flex flex-col gap-2">
      <span className="flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy} onClick={() => onAnswer(true)}>
          {yes}
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={() => onAnswer(false)}>
          {no}
        </button>
      </span>
      <FormAlert>{error}</FormAlert>
    </span>
  );
}

export function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
