/**
 * What a member changes on `/me/make-offer`, as islands they wake by using them (decision 042): the
 * new-offer form, the price alerts and the character names. The page's one status line is server HTML
 * (`MY_OFFERS_NOTICE`), which they write into, so that it stays one line whichever island speaks.
 */
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import type { Alert, CharacterClaim, OfferSide } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { ClaimCard } from "./claim-card.tsx";
import type { PickedItem } from "./item-picker.tsx";
import { OfferForm, type ServerChoice } from "./offer-form.tsx";
import type { Named } from "./offer-parts.tsx";
import { formatGold, offerError } from "./offer-text.ts";

const AlertForm = lazy(() => import("./tool-forms.tsx").then((module) => ({ default: module.AlertForm })));
const ClaimForm = lazy(() => import("./tool-forms.tsx").then((module) => ({ default: module.ClaimForm })));

/** The id of the page's status line. */
export const MY_OFFERS_NOTICE = "mine-notice";

/** The offers namespace's parts each island shows. */
export const NEW_OFFER_MESSAGES = ["form", "fields", "dialog", "errors", "gold", "side", "time"] as const;
export const MY_ALERTS_MESSAGES = ["alerts", "form", "fields", "dialog", "errors", "gold", "side"] as const;
export const MY_CLAIMS_MESSAGES = ["claims", "form", "fields", "dialog", "errors", "time"] as const;

const opener = "inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand";
const quiet = "inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold hover:border-brand";
const formFallback = <div className="min-h-96" aria-busy="true" />;

/** Says `text` on the page's status line. */
function say(text: string): void {
  const line = document.getElementById(MY_OFFERS_NOTICE);
  if (!line) return;
  line.textContent = text;
  line.className = "rounded-md bg-surface-muted px-3 py-2 text-sm";
}

export interface NewOfferProps {
  /** The offers namespace's `NEW_OFFER_MESSAGES`. */
  i18n: RouteMessages;
  servers: ServerChoice[];
  /** The member's claimed names, offered as suggestions. */
  characterNames: string[];
  /** `?item=` (from an item page's "post an offer"): the form opens with it. */
  initialItem: PickedItem | null;
  initialSide: OfferSide;
}

/** The button that opens the new-offer form, and the form; a posted offer opens its page. */
export function NewOffer({ i18n, servers, characterNames, initialItem, initialSide }: NewOfferProps) {
  const { t } = useRouteMessages(i18n);
  const navigate = useNavigate();
  const [posting, setPosting] = useState(initialItem !== null);
  return posting ? (
    <OfferForm
      servers={servers}
      characterNames={characterNames}
      initialItem={initialItem}
      initialSide={initialSide}
      onClose={() => setPosting(false)}
      onPosted={(offer) => void navigate(`/me/make-offer/detail?id=${offer.id}`)}
    />
  ) : (
    <button type="button" className={opener} onClick={() => setPosting(true)}>
      {t("form.open")}
    </button>
  );
}

export interface MyAlertsProps {
  /** The offers namespace's `MY_ALERTS_MESSAGES`. */
  i18n: RouteMessages;
  alerts: Alert[];
  /** Names and icons of the alerts' items, by id. */
  items: Record<string, Named>;
  servers: ServerChoice[];
}

/** The member's price alerts: each removable, and the form that adds one. */
export function MyAlerts({ i18n, alerts: initialAlerts, items, servers }: MyAlertsProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [alerts, setAlerts] = useState(initialAlerts);
  const [known, setKnown] = useState(items);
  const [adding, setAdding] = useState(false);
  const serverName = (id: string) => servers.find((each) => each.id === id)?.name ?? id;
  const itemName = (id: string) => localize(known[id]?.name, language) || id;

  async function remove(alert: Alert) {
    const answer = await apiJson(`/api/alerts/${alert.id}`, { method: "DELETE" });
    if (!answer.ok) return say(offerError(t, answer));
    setAlerts((current) => current.filter((each) => each.id !== alert.id));
    say(t("alerts.removed"));
  }

  return (
    <>
      {alerts.length === 0 ? <p className="mt-2 text-sm text-fg-muted">{t("alerts.empty")}</p> : null}
      <ul className="mt-3 flex flex-col gap-2">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-center gap-3 rounded-lg border border-line p-3 text-sm">
            <span className="min-w-0 flex-1">
              {alert.side === "sell"
                ? t("alerts.sellBelow", {
                    item: itemName(alert.itemId),
                    price: formatGold(t, language, alert.maxPrice ?? 0),
                    server: serverName(alert.server),
                  })
                : t("alerts.buyAbove", {
                    item: itemName(alert.itemId),
                    price: formatGold(t, language, alert.minPrice ?? 0),
                    server: serverName(alert.server),
                  })}
            </span>
            <button
              type="button"
              onClick={() => void remove(alert)}
              className="inline-flex min-h-10 items-center rounded-md border border-line px-3 hover:border-brand"
              aria-label={t("alerts.remove", { item: itemName(alert.itemId) })}
            >
              {t("alerts.removeShort")}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3">
        {adding ? (
          <Suspense fallback={formFallback}>
            <AlertForm
              servers={servers}
              onClose={() => setAdding(false)}
              onAdded={(alert, item) => {
                setKnown((current) => ({ ...current, [item.id]: { name: item.name, icon: item.icon ?? undefined } }));
                setAlerts((current) => [alert, ...current]);
                setAdding(false);
                say(t("alerts.added"));
              }}
            />
          </Suspense>
        ) : (
          <button type="button" className={quiet} onClick={() => setAdding(true)}>
            {t("alerts.add")}
          </button>
        )}
      </div>
    </>
  );
}

export interface MyClaimsProps {
  /** The offers namespace's `MY_CLAIMS_MESSAGES`. */
  i18n: RouteMessages;
  claims: CharacterClaim[];
  servers: ServerChoice[];
}

/** The member's character names: each with its proof or removal, and the form that claims one. */
export function MyClaims({ i18n, claims: initialClaims, servers }: MyClaimsProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [claims, setClaims] = useState(initialClaims);
  const [claiming, setClaiming] = useState(false);
  const serverName = (id: string) => servers.find((each) => each.id === id)?.name ?? id;

  async function remove(claim: CharacterClaim) {
    if (!window.confirm(t("claims.confirmRemove", { name: claim.name }))) return;
    const answer = await apiJson(`/api/characters/claims/${claim.id}`, { method: "DELETE" });
    if (!answer.ok) return say(offerError(t, answer));
    setClaims((current) => current.filter((each) => each.id !== claim.id));
    say(t("claims.removed", { name: claim.name }));
  }

  return (
    <>
      {claims.length === 0 ? <p className="mt-2 text-sm text-fg-muted">{t("claims.empty")}</p> : null}
      <ul className="mt-3 flex flex-col gap-2">
        {claims.map((claim) => (
          <li key={claim.id}>
            <ClaimCard
              claim={claim}
              serverName={serverName(claim.server)}
              t={t}
              language={language}
              onRemove={(each) => void remove(each)}
              onChanged={(changed) => {
                setClaims((current) => current.map((each) => (each.id === changed.id ? changed : each)));
                say(t("claims.proof.sent", { name: changed.name }));
              }}
            />
          </li>
        ))}
      </ul>
      <div className="mt-3">
        {claiming ? (
          <Suspense fallback={formFallback}>
            <ClaimForm
              servers={servers}
              onClose={() => setClaiming(false)}
              onClaimed={(claim) => {
                // Claiming a name again answers the claim already made: it is listed once.
                setClaims((current) => (current.some((each) => each.id === claim.id) ? current : [...current, claim]));
                setClaiming(false);
                say(t("claims.done", { name: claim.name, code: claim.code }));
              }}
            />
          </Suspense>
        ) : (
          <button type="button" className={quiet} onClick={() => setClaiming(true)}>
            {t("claims.add")}
          </button>
        )}
      </div>
    </>
  );
}
