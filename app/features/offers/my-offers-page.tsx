/**
 * `/me/make-offer`: post an offer, my open, reserved and past offers, my price alerts and my
 * character names. The forms load when opened; the lists are the loader's, server-rendered.
 */
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import type { Alert, CharacterClaim, Offer, OfferSide } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { ClaimCard } from "./claim-card.tsx";
import type { PickedItem } from "./item-picker.tsx";
import { OfferRow, type Named } from "./offer-parts.tsx";
import type { ServerChoice } from "./offer-form.tsx";
import { formatGold, offerError } from "./offer-text.ts";

const OfferForm = lazy(() => import("./offer-form.tsx").then((module) => ({ default: module.OfferForm })));
const AlertForm = lazy(() => import("./tool-forms.tsx").then((module) => ({ default: module.AlertForm })));
const ClaimForm = lazy(() => import("./tool-forms.tsx").then((module) => ({ default: module.ClaimForm })));

export interface MyOffersProps {
  i18n: RouteMessages;
  offers: Offer[];
  alerts: Alert[];
  claims: CharacterClaim[];
  /** Names and icons of the items the lists mention, by id. */
  items: Record<string, Named>;
  servers: ServerChoice[];
  /** `?item=` (from an item page's "post an offer"): the form opens with it. */
  initialItem: PickedItem | null;
  initialSide: OfferSide;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const opener = "inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-on-brand";
const quiet = "inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold hover:border-brand";
const formFallback = <div className="min-h-96" aria-busy="true" />;

export function MyOffersPage({
  i18n,
  offers,
  alerts: initialAlerts,
  claims: initialClaims,
  items,
  servers,
  initialItem,
  initialSide,
}: MyOffersProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const navigate = useNavigate();
  const [posting, setPosting] = useState(initialItem !== null);
  const [alerts, setAlerts] = useState(initialAlerts);
  const [claims, setClaims] = useState(initialClaims);
  const [addingAlert, setAddingAlert] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [known, setKnown] = useState(items);

  const serverName = (id: string) => servers.find((each) => each.id === id)?.name ?? id;
  const groups = [
    { key: "open", list: offers.filter((offer) => offer.status === "open") },
    { key: "reserved", list: offers.filter((offer) => offer.status === "reserved") },
    { key: "past", list: offers.filter((offer) => offer.status !== "open" && offer.status !== "reserved") },
  ] as const;

  async function removeAlert(alert: Alert) {
    const answer = await apiJson(`/api/alerts/${alert.id}`, { method: "DELETE" });
    if (!answer.ok) return setNotice(offerError(t, answer));
    setAlerts((current) => current.filter((each) => each.id !== alert.id));
    setNotice(t("alerts.removed"));
  }

  async function removeClaim(claim: CharacterClaim) {
    if (!window.confirm(t("claims.confirmRemove", { name: claim.name }))) return;
    const answer = await apiJson(`/api/characters/claims/${claim.id}`, { method: "DELETE" });
    if (!answer.ok) return setNotice(offerError(t, answer));
    setClaims((current) => current.filter((each) => each.id !== claim.id));
    setNotice(t("claims.removed", { name: claim.name }));
  }

  const itemName = (id: string) => localize(known[id]?.name, language) || id;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.meMakeOffer.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("mine.lead")}</p>
      </div>

      <section aria-label={t("form.title")} className={card}>
        {posting ? (
          <Suspense fallback={formFallback}>
            <OfferForm
              servers={servers}
              characterNames={claims.map((claim) => claim.name)}
              initialItem={initialItem}
              initialSide={initialSide}
              onClose={() => setPosting(false)}
              onPosted={(offer) => void navigate(`/me/make-offer/detail?id=${offer.id}`)}
            />
          </Suspense>
        ) : (
          <button type="button" className={opener} onClick={() => setPosting(true)}>
            {t("form.open")}
          </button>
        )}
      </section>

      <p role="status" className={notice ? "rounded-md bg-surface-muted px-3 py-2 text-sm" : "sr-only"}>
        {notice ?? ""}
      </p>

      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`mine-${group.key}`} className={card}>
          <h2 id={`mine-${group.key}`} className="text-lg font-bold">
            {t(`mine.${group.key}`)} <span className="font-normal text-fg-muted">({group.list.length})</span>
          </h2>
          {group.list.length === 0 ? (
            <p className="mt-2 text-sm text-fg-muted">{t(`mine.${group.key}Empty`)}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {group.list.map((offer) => (
                <li key={offer.id}>
                  <OfferRow offer={offer} item={known[offer.itemId]} serverName={serverName(offer.server)} t={t} language={language} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}

      <section aria-labelledby="mine-alerts" className={card}>
        <h2 id="mine-alerts" className="text-lg font-bold">
          {t("alerts.heading")}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t("alerts.lead")}</p>
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
                onClick={() => void removeAlert(alert)}
                className="inline-flex min-h-10 items-center rounded-md border border-line px-3 hover:border-brand"
                aria-label={t("alerts.remove", { item: itemName(alert.itemId) })}
              >
                {t("alerts.removeShort")}
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-3">
          {addingAlert ? (
            <Suspense fallback={formFallback}>
              <AlertForm
                servers={servers}
                onClose={() => setAddingAlert(false)}
                onAdded={(alert, item) => {
                  setKnown((current) => ({ ...current, [item.id]: { name: item.name, icon: item.icon ?? undefined } }));
                  setAlerts((current) => [alert, ...current]);
                  setAddingAlert(false);
                  setNotice(t("alerts.added"));
                }}
              />
            </Suspense>
          ) : (
            <button type="button" className={quiet} onClick={() => setAddingAlert(true)}>
              {t("alerts.add")}
            </button>
          )}
        </div>
      </section>

      <section aria-labelledby="mine-claims" className={card}>
        <h2 id="mine-claims" className="text-lg font-bold">
          {t("claims.heading")}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t("claims.lead")}</p>
        {claims.length === 0 ? <p className="mt-2 text-sm text-fg-muted">{t("claims.empty")}</p> : null}
        <ul className="mt-3 flex flex-col gap-2">
          {claims.map((claim) => (
            <li key={claim.id}>
              <ClaimCard
                claim={claim}
                serverName={serverName(claim.server)}
                t={t}
                language={language}
                onRemove={(each) => void removeClaim(each)}
                onChanged={(changed) => {
                  setClaims((current) => current.map((each) => (each.id === changed.id ? changed : each)));
                  setNotice(t("claims.proof.sent", { name: changed.name }));
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
                  setNotice(t("claims.done", { name: claim.name, code: claim.code }));
                }}
              />
            </Suspense>
          ) : (
            <button type="button" className={quiet} onClick={() => setClaiming(true)}>
              {t("claims.add")}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
