/**
 * `/bplayer`: a character's reputation. `?name=` (accent-insensitive: "tuan" finds "Tuấn") and
 * `?server=` are looked up by the loader, so a result has its own URL; a member may claim the name
 * or report a scam (the report form, with screenshots, loads when opened).
 */
import { lazy, Suspense, useState } from "react";
import { Form, Link } from "react-router";
import type { CharacterClaim, Reputation } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { reputationError } from "./reputation-errors.ts";
import { ServerOptions } from "../../shared/ui/server-options.tsx";

const ClaimDispute = lazy(() => import("./claim-dispute.tsx").then((module) => ({ default: module.ClaimDispute })));
const ScamReport = lazy(() => import("./scam-report.tsx").then((module) => ({ default: module.ScamReport })));

export interface BplayerServer {
  id: string;
  name: string;
}

export interface BplayerProps {
  i18n: RouteMessages;
  query: { name: string; server: string };
  /** Null before a lookup; `invalid` when the name cannot be a character's. */
  result: Reputation | null;
  invalid: boolean;
  servers: BplayerServer[];
  items: Record<string, { vi: string; en: string }>;
  viewer: { uid: string } | null;
}

const field = "min-h-11 rounded-md border border-line bg-bg px-2 text-fg";
const button = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold";

export function BplayerPage({ i18n, query, result, invalid, servers, items, viewer }: BplayerProps) {
  const { t } = useRouteMessages(i18n);
  const language = i18n.language;
  const [reporting, setReporting] = useState(false);
  const [disputing, setDisputing] = useState(false);
  /** The viewer's claim made here: pending until a moderator verifies their screenshot. */
  const [claimed, setClaimed] = useState<CharacterClaim | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const serverName = (id: string | null) => (id ? (servers.find((each) => each.id === id)?.name ?? id) : t("allServers"));
  const here = `/bplayer?${new URLSearchParams(query.server ? { name: query.name, server: query.server } : { name: query.name })}`;

  // The name as the character writes it (with its accents), when a trade recorded it; else as typed.
  const shownName = result?.claimedBy
    ? result.name
    : (result?.feedback.find((each) => each.subjectName)?.subjectName ?? result?.name ?? "");

  async function claim() {
    if (!result || !query.server) return;
    const answer = await apiJson<CharacterClaim>("/api/characters/claims", { body: { name: query.name, server: query.server } });
    if (!answer.ok)
      return setNotice({
        text: reputationError(t, answer.status, answer.code, String(answer.details.reason ?? "")),
        error: true,
      });
    setClaimed(answer.data);
    setNotice({ text: t("claim.done", { name: answer.data.name, code: answer.data.code }), error: false });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{t("common:pages.bplayer.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("lead")}</p>
      </div>

      <Form
        method="get"
        action="/bplayer"
        role="search"
        className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("search.name")}</span>
          <input
            name="name"
            type="search"
            defaultValue={query.name}
            required
            maxLength={40}
            placeholder={t("search.placeholder")}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("search.server")}</span>
          <select name="server" defaultValue={query.server} className={field}>
            <option value="">{t("allServers")}</option>
            <ServerOptions servers={servers} />
          </select>
        </label>
        <button type="submit" className={`${button} bg-brand text-on-brand`}>
          {t("search.submit")}
        </button>
      </Form>

      {invalid ? (
        <p role="alert" className="rounded-md border border-line bg-surface-muted px-3 py-2">
          {t("search.invalid")}
        </p>
      ) : null}

      {result ? (
        <section aria-labelledby="reputation-name" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
          <h2 id="reputation-name" className="text-xl font-bold break-all">
            {shownName} <span className="text-base font-normal text-fg-muted">· {serverName(result.server)}</span>
          </h2>
          {result.verified && result.claimedBy ? (
            <p className="mt-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300" data-testid="record-verified">
              {t("claimedBy", { name: result.claimedBy.displayName || t("member") })}
            </p>
          ) : (
            <div className="mt-2 rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              <p className="font-semibold" data-testid="record-unverified">
                {result.claimedBy ? t("unverified.partTitle") : t("unverified.title")}
              </p>
              <p className="mt-1">{result.claimedBy ? t("unverified.part") : t("unverified.lead")}</p>
            </div>
          )}
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            <div className="rounded-lg bg-surface-muted p-3">
              <dt className="text-xs text-fg-muted">{t("counts.positive")}</dt>
              <dd className="text-2xl font-bold text-emerald-800 tabular-nums dark:text-emerald-300" data-testid="positive">
                {result.positive > 0 ? `+${result.positive}` : "0"}
              </dd>
            </div>
            <div className="rounded-lg bg-surface-muted p-3">
              <dt className="text-xs text-fg-muted">{t("counts.negative")}</dt>
              <dd className="text-2xl font-bold text-red-700 tabular-nums dark:text-red-300" data-testid="negative">
                {result.negative > 0 ? `−${result.negative}` : "0"}
              </dd>
            </div>
            <div className="rounded-lg bg-surface-muted p-3">
              <dt className="text-xs text-fg-muted">{t("counts.trades")}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid="trades">
                {result.trades}
              </dd>
            </div>
          </dl>

          <h3 className="mt-5 font-bold">{t("feedback.heading")}</h3>
          {result.feedback.length === 0 ? (
            <p className="mt-1 text-sm text-fg-muted">{t("feedback.empty")}</p>
          ) : (
            <ul aria-label={t("feedback.heading")} className="mt-2 flex flex-col gap-2">
              {result.feedback.map((each) => (
                <li key={`${each.offerId}-${each.from.uid}`} className="rounded-lg border border-line p-3 text-sm">
                  <p className="font-semibold">
                    {t(each.score > 0 ? "feedback.positive" : "feedback.negative", { from: each.from.displayName || t("member") })}
                  </p>
                  {each.comment ? <p className="mt-1 whitespace-pre-line">{each.comment}</p> : null}
                  {each.counts ? null : (
                    <p className="mt-1 text-xs text-fg-muted">{t(`feedback.notCounted.${each.notCountedReason ?? "new-account"}`)}</p>
                  )}
                  <p className="mt-1 text-xs text-fg-muted">
                    {t("feedback.about", {
                      item: localize(items[each.itemId], language) || each.itemId,
                      server: serverName(each.subjectServer),
                      date: formatDate(each.createdAt, language, { date: "medium" }),
                    })}
                  </p>
                </li>
              ))}
            </ul>
          )}

          <h3 className="mt-5 font-bold">{t("reports.heading")}</h3>
          <p className="text-xs text-fg-muted">{t("reports.lead")}</p>
          {result.reports.length === 0 ? (
            <p className="mt-1 text-sm text-fg-muted">{t("reports.empty")}</p>
          ) : (
            <ul aria-label={t("reports.heading")} className="mt-2 flex flex-col gap-2">
              {result.reports.map((report) => (
                <li key={report.id} className="rounded-lg border border-line p-3 text-sm">
                  <p className="text-xs font-semibold">
                    {t("reports.verified", { date: formatDate(report.verifiedAt, language, { date: "medium" }) })}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{report.reason}</p>
                  {report.images.length > 0 ? (
                    <p className="mt-2 flex flex-wrap gap-2">
                      {report.images.map((image, index) => (
                        <a key={image.url} href={image.url} target="_blank" rel="noreferrer" className="block">
                          <img
                            src={image.url}
                            width={image.width}
                            height={image.height}
                            loading="lazy"
                            alt={t("reports.image", { index: index + 1 })}
                            className="h-24 w-auto rounded border border-line"
                          />
                        </a>
                      ))}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}

          {viewer ? (
            <div className="mt-5 flex flex-wrap gap-2">
              {!result.claimedBy && !claimed && query.server ? (
                <button type="button" onClick={() => void claim()} className={`${button} border border-line hover:border-brand`}>
                  {t("claim.action")}
                </button>
              ) : null}
              <button type="button" onClick={() => setReporting(true)} className={`${button} border border-line hover:border-brand`}>
                {t("report.action")}
              </button>
              {result.claimedBy && result.claimId !== null && result.claimedBy.uid !== viewer.uid ? (
                <button type="button" onClick={() => setDisputing(true)} className={`${button} border border-line hover:border-brand`}>
                  {t("dispute.action")}
                </button>
              ) : null}
            </div>
          ) : (
            <SignInPrompt text={t("signedOut")} action={t("signIn")} back={here} />
          )}
          {!query.server && viewer && !result.claimedBy ? <p className="mt-2 text-xs text-fg-muted">{t("claim.needServer")}</p> : null}
          <p
            role={notice?.error ? "alert" : "status"}
            className={notice ? "mt-3 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm" : "sr-only"}
          >
            {notice?.text ?? ""}
          </p>
          {claimed && claimed.status === "pending" ? (
            <p className="mt-2 text-sm">
              <Link to="/me/make-offer#mine-claims" className="inline-flex min-h-10 items-center text-link underline">
                {t("claim.sendProof")}
              </Link>
            </p>
          ) : null}
        </section>
      ) : !invalid ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-fg-muted">{t("search.hint")}</p>
      ) : null}

      {viewer ? (
        <p className="text-sm">
          <Link to="/me/make-offer" className="inline-flex min-h-10 items-center text-link underline">
            {t("myCharacters")}
          </Link>
        </p>
      ) : null}

      {disputing && result?.claimId ? (
        <Suspense fallback={null}>
          <ClaimDispute
            claimId={result.claimId}
            name={result.name}
            onClose={() => setDisputing(false)}
            onSent={() => setNotice({ text: t("dispute.sent"), error: false })}
          />
        </Suspense>
      ) : null}

      {reporting && result ? (
        <Suspense fallback={null}>
          <ScamReport
            name={result.name}
            server={query.server || result.server || servers[0]?.id || ""}
            servers={servers}
            onClose={() => setReporting(false)}
            onSent={() => setNotice({ text: t("report.sent"), error: false })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
