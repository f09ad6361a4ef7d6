/**
 * `/me/make-offer/detail?id=`: one offer, its state and the moves the viewer may make (reserve a
 * replier, release, confirm, cancel, feedback), and its thread, which follows `offer:{id}` live.
 * Replies go out at once with a client id and are confirmed by the answer or the socket, whichever
 * comes first. The dialogs (release, cancel, feedback) load when first opened.
 *
 * Served as islands (decision 042): the page is server HTML, and all of it but the breadcrumbs is one
 * island (`offer-detail`) that wakes when the member uses it, or when the offer's topic brings news:
 * until then the plain `offer-live` island follows the topic, and the first frame wakes this one,
 * which reads the offer again and follows the topic itself from then on.
 */
import { lazy, Suspense, useContext, useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { OFFER_REPLY_MAX } from "../../../universal/offers/offer-limits.ts";
import type { Feedback, Offer, OfferDetail, OfferReply } from "../../../universal/offers/offer-types.ts";
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatAgo, numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { IslandDocumentContext } from "../../shared/islands/island-document.ts";
import { LazyReportDialog } from "../../shared/moderation/lazy-report-dialog.tsx";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { mergeAfterReload } from "../../shared/realtime/merge-after-reload.ts";
import { useTopic } from "../../shared/realtime/use-topic.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { Presence, SideBadge, StatusBadge, type Named } from "./offer-parts.tsx";
import { Standing } from "../../shared/ui/standing.tsx";
import { formatGold, gameAndLocalTime, offerError } from "./offer-text.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { useHydrated } from "../../shared/use-hydrated.ts";
import { useMinuteClock } from "../../shared/use-minute-clock.ts";
import type { OfferDialog } from "./offer-dialogs.tsx";
import { OFFER_LIVE_HANDOVER } from "./offer-live.ts";
import { OfferLive } from "./offer-live-island.tsx";

const OfferDialogs = lazy(() => import("./offer-dialogs.tsx").then((module) => ({ default: module.OfferDialogs })));

/** A reply on its way: shown at once, confirmed by the answer or the socket. */
type Pending = { clientId: string; text: string; state: "sending" | "failed" };

export interface OfferDetailProps {
  i18n: RouteMessages;
  /** The report dialog's texts. */
  moderationI18n: RouteMessages;
  offer: OfferDetail;
  item: Named | null;
  serverName: string;
  viewer: { uid: string; displayName: string };
}

const button = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";
const primary = `${button} bg-brand text-on-brand disabled:opacity-60`;
const secondary = `${button} border border-line bg-surface hover:border-brand disabled:opacity-60`;

/** The offers namespace's parts the page's island shows. */
export const OFFER_DETAIL_MESSAGES = [
  "gold",
  "member",
  "you",
  "time",
  "errors",
  "side",
  "status",
  "reputation",
  "presence",
  "row",
  "detail",
  "fields",
  "state",
  "confirm",
  "actions",
  "reserve",
  "unreserve",
  "cancel",
  "dialog",
  "feedback",
  "thread",
] as const;

export function OfferDetailPage(props: OfferDetailProps) {
  const { t } = useRouteMessages(props.i18n);
  const { offer } = props;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <Breadcrumbs current={t("detail.crumb", { id: offer.id })} />
      <Island
        name="offer-detail"
        component={OfferDetail}
        props={{ ...props, i18n: pickMessages(props.i18n, OFFER_DETAIL_MESSAGES) }}
        when="used"
      />
      <OfferLive mode="detail" offer={offer.id} after={offer.replies.at(-1)?.id ?? 0} island="offer-detail" />
    </div>
  );
}

/** The offer, its moves and its thread: the page's island. */
export function OfferDetail({ i18n, moderationI18n, offer: initial, item, serverName, viewer }: OfferDetailProps) {
  useRouteMessages(moderationI18n);
  const { t } = useRouteMessages(i18n);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const language = i18n.language;
  // Local times and "N minutes ago" appear once hydrated.
  const hydrated = useHydrated();
  const now = useMinuteClock();
  const number = numberFormat(language);
  const [offer, setOffer] = useState<Offer>(initial);
  const [replies, setReplies] = useState<OfferReply[]>(initial.replies);
  const [feedback, setFeedback] = useState<Feedback[]>(initial.feedback);
  const [canLeaveFeedback, setCanLeaveFeedback] = useState(initial.canLeaveFeedback);
  const [pending, setPending] = useState<Pending[]>([]);
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<OfferDialog | null>(null);
  const [generation, setGeneration] = useState(0);

  const offerId = initial.id;
  const itemName = localize(item?.name, language) || offer.itemId;
  const role = offer.role;
  const owner = role === "owner";
  const lastReplyId = replies.at(-1)?.id ?? 0;
  const versionRef = useRef(offer.version);
  const replyField = useRef<HTMLTextAreaElement>(null);
  // A move's button is gone once the offer has moved: the focus goes to what the move says, not to the page.
  const noticeLine = useRef<HTMLParagraphElement>(null);
  const focusNotice = () => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) noticeLine.current?.focus();
  };
  useEffect(() => {
    versionRef.current = offer.version;
  });

  /** Reads the offer again: after a refused move (someone else moved first) or a missed stretch of the topic. */
  async function refresh() {
    const answer = await apiJson<OfferDetail>(`/api/offers/${offerId}`);
    if (!answer.ok) return;
    const { replies: fresh, feedback: left, canLeaveFeedback: may, ...rest } = answer.data;
    setOffer(rest);
    // A reply the socket delivered while this read was on its way stays.
    setReplies((current) => mergeAfterReload(fresh, current));
    setFeedback(left);
    setCanLeaveFeedback(may);
  }

  // useTopic calls the latest of these, so it needs no memoizing.
  const onFrame = (frame: ServerFrame) => {
    if (frame.type === "offer-reply") {
      const reply = frame.reply;
      setReplies((current) => (current.some((each) => each.id === reply.id) ? current : [...current, reply].sort((a, b) => a.id - b.id)));
      if (reply.author.uid === viewer.uid)
        setPending((current) => {
          const index = current.findIndex((each) => each.state === "sending" && each.text === reply.text);
          return index < 0 ? current : current.filter((_, at) => at !== index);
        });
    } else if (frame.type === "offer-changed") {
      // The other side moved (or this tab did, in another request): read the offer as the viewer sees it.
      if (frame.version > versionRef.current) void refresh();
    } else if (frame.type === "offer-feedback") {
      // Feedback left on the trade (by the other side, or by this member in another tab) shows at once.
      void refresh();
    } else if (frame.type === "error" && frame.code === "reload") {
      void refresh().then(() => setGeneration((value) => value + 1));
    }
  };
  useTopic(`offer:${offerId}`, lastReplyId, onFrame, generation);

  // Woken in an islands document (by use, or by news on the topic): this island follows the offer from
  // now on, and reads it again, since the plain island heard of news this one did not.
  const inDocument = useContext(IslandDocumentContext) !== null;
  useEffect(() => {
    if (!inDocument) return;
    document.dispatchEvent(new Event(OFFER_LIVE_HANDOVER));
    // Its state changes once the answer is in, not in the effect itself.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
    // Once, as it wakes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function move(path: string, body: unknown, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    const answer = await apiJson<Offer>(`/api/offers/${offer.id}/${path}`, { body });
    setBusy(false);
    if (!answer.ok) {
      setNotice({ text: offerError(t, answer), error: true });
      if (answer.status === 409 || answer.status === 403) void refresh();
      return false;
    }
    setOffer((current) => ({ ...answer.data, role: answer.data.role ?? current.role }));
    setNotice({ text: done, error: false });
    if (answer.data.status === "completed") void refresh();
    requestAnimationFrame(focusNotice);
    return true;
  }

  async function deliver(reply: Pending) {
    setPending((current) => [...current.filter((each) => each.clientId !== reply.clientId), { ...reply, state: "sending" }]);
    const answer = await apiJson<OfferReply>(`/api/offers/${offer.id}/replies`, { body: { text: reply.text, clientId: reply.clientId } });
    if (answer.ok) {
      setPending((current) => current.filter((each) => each.clientId !== reply.clientId));
      setReplies((current) =>
        current.some((each) => each.id === answer.data.id) ? current : [...current, answer.data].sort((a, b) => a.id - b.id),
      );
      return;
    }
    setNotice({ text: offerError(t, answer), error: true });
    if (answer.status === 0 || answer.status >= 500) {
      // Kept with its client id: retrying can never post it twice.
      setPending((current) => current.map((each) => (each.clientId === reply.clientId ? { ...each, state: "failed" } : each)));
    } else {
      setPending((current) => current.filter((each) => each.clientId !== reply.clientId));
      setDraft((current) => current || reply.text);
    }
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || text.length > OFFER_REPLY_MAX) return;
    setDraft("");
    setNotice(null);
    // The send button is disabled with the draft gone: the member stays where they write.
    replyField.current?.focus();
    void deliver({ clientId: newClientId(), text, state: "sending" });
  }

  const confirmedByMe = owner ? offer.ownerConfirmedAt !== null : offer.counterpartyConfirmedAt !== null;
  const otherConfirmed = owner ? offer.counterpartyConfirmedAt !== null : offer.ownerConfirmedAt !== null;
  const counterpartyName = offer.counterparty?.displayName || t("member");
  const ownerName = offer.trader.displayName || t("member");
  const otherName = owner ? counterpartyName : ownerName;
  const live = offer.status === "open" || offer.status === "reserved";
  const mayReply = live && (owner || offer.status === "open" || role === "counterparty");

  return (
    <article className="flex flex-col gap-5" aria-labelledby="offer-title">
      <header className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        <div className="flex items-start gap-4">
          {item?.icon ? <GameIcon icon={item.icon} size={56} /> : null}
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <SideBadge side={offer.side} t={t} />
              <StatusBadge status={offer.status} t={t} />
            </p>
            <h1 id="offer-title" className="mt-2 text-2xl font-bold">
              {t(`detail.title.${offer.side}`, { item: itemName })}
            </h1>
            <p className="mt-1">
              <Link
                to={`/equipments-items/detail?id=${offer.itemId}`}
                className="inline-flex min-h-6 items-center text-sm text-link underline"
              >
                {t("detail.itemPage", { item: itemName })}
              </Link>
            </p>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="text-fg-muted">{t("fields.quantity")}</dt>
          <dd className="font-semibold tabular-nums">{number.format(offer.quantity)}</dd>
          <dt className="text-fg-muted">{t("fields.unitPrice")}</dt>
          <dd className="font-semibold tabular-nums">{formatGold(t, language, offer.unitPrice)}</dd>
          <dt className="text-fg-muted">{t("fields.total")}</dt>
          <dd className="font-semibold tabular-nums">{formatGold(t, language, offer.unitPrice * offer.quantity)}</dd>
          <dt className="text-fg-muted">{t("fields.server")}</dt>
          <dd>{serverName}</dd>
          <dt className="text-fg-muted">{t("fields.characterName")}</dt>
          <dd className="font-semibold break-all">{offer.characterName}</dd>
          {live ? (
            <>
              <dt className="text-fg-muted">{t("fields.expires")}</dt>
              <dd>{gameAndLocalTime(t, offer.expiresAt, language, hydrated)}</dd>
            </>
          ) : null}
          <dt className="text-fg-muted">{t("fields.trader")}</dt>
          <dd className="flex flex-col">
            <span className="font-semibold">{ownerName}</span>
            <span className="text-fg-muted">
              <Standing reputation={offer.trader.reputation} t={t} /> ·{" "}
              <Presence online={offer.trader.online} lastSeenAt={offer.trader.lastSeenAt} now={now} t={t} language={language} />
            </span>
          </dd>
        </dl>
        {offer.note ? <p className="mt-3 rounded-md bg-surface-muted p-3 text-sm whitespace-pre-line">{offer.note}</p> : null}
        {offer.hidden ? <p className="mt-3 rounded-md border border-line p-3 text-sm">{t("detail.hidden")}</p> : null}
      </header>

      <section aria-labelledby="offer-state" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        <h2 id="offer-state" className="text-lg font-bold">
          {t("detail.state")}
        </h2>
        <p className="mt-2" data-testid="offer-state-text">
          {offer.status === "open"
            ? t(owner ? "state.openOwner" : "state.open")
            : offer.status === "reserved"
              ? role === null
                ? t("state.reservedOther")
                : owner
                  ? t("state.reserved", { name: counterpartyName })
                  : t("state.reservedForYou", { name: ownerName })
              : t(`state.${offer.status}`)}
        </p>
        {offer.status === "reserved" && role !== null ? (
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            <li>{confirmedByMe ? t("confirm.mineDone") : t("confirm.mineWaiting")}</li>
            <li>{otherConfirmed ? t("confirm.otherDone", { name: otherName }) : t("confirm.otherWaiting", { name: otherName })}</li>
          </ul>
        ) : null}
        {offer.reason && (offer.status === "open" || offer.status === "cancelled") ? (
          <p className="mt-2 text-sm text-fg-muted">
            {t(offer.status === "open" ? "state.releasedBecause" : "state.cancelledBecause", { reason: offer.reason })}
          </p>
        ) : null}
        {offer.status === "completed" && offer.completedAt ? (
          <p className="mt-1 text-sm text-fg-muted">{gameAndLocalTime(t, offer.completedAt, language, hydrated)}</p>
        ) : null}

        <div className="mt-4 flex flex-wrap gap-2">
          {offer.status === "reserved" && role !== null && !confirmedByMe ? (
            <button type="button" disabled={busy} className={primary} onClick={() => void move("confirm", {}, t("confirm.sent"))}>
              {t("actions.confirm")}
            </button>
          ) : null}
          {offer.status === "reserved" && role !== null ? (
            <button type="button" disabled={busy} className={secondary} onClick={() => setDialog("unreserve")}>
              {t("actions.unreserve")}
            </button>
          ) : null}
          {owner && live ? (
            <button type="button" disabled={busy} className={secondary} onClick={() => setDialog("cancel")}>
              {t("actions.cancel")}
            </button>
          ) : null}
          {canLeaveFeedback ? (
            <button type="button" className={primary} onClick={() => setDialog("feedback")}>
              {t("actions.feedback", { name: otherName })}
            </button>
          ) : null}
        </div>
        <p
          ref={noticeLine}
          tabIndex={-1}
          role={notice?.error ? "alert" : "status"}
          className={notice ? "mt-3 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm" : "sr-only"}
        >
          {notice?.text ?? ""}
        </p>
      </section>

      {feedback.length > 0 ? (
        <section aria-labelledby="offer-feedback" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
          <h2 id="offer-feedback" className="text-lg font-bold">
            {t("feedback.heading")}
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {feedback.map((each) => (
              <li key={`${each.offerId}-${each.from.uid}`} className="rounded-lg border border-line p-3 text-sm">
                <p className="font-semibold">
                  {t(each.score > 0 ? "feedback.positiveFrom" : "feedback.negativeFrom", {
                    from: each.from.displayName || t("member"),
                    to: each.to.displayName || t("member"),
                  })}
                </p>
                {each.comment ? <p className="mt-1 whitespace-pre-line">{each.comment}</p> : null}
                {each.counts ? null : (
                  <p className="mt-1 text-xs text-fg-muted">{t(`feedback.notCounted.${each.notCountedReason ?? "new-account"}`)}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="offer-thread" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
        <h2 id="offer-thread" className="text-lg font-bold">
          {t("thread.heading")}
        </h2>
        {replies.length === 0 && pending.length === 0 ? <p className="mt-2 text-sm text-fg-muted">{t("thread.empty")}</p> : null}
        <ol aria-label={t("thread.heading")} className="mt-3 flex flex-col gap-3">
          {replies.map((reply) => {
            const reserved = offer.status === "reserved" && offer.reservedReplyId === reply.id;
            const mine = reply.author.uid === viewer.uid;
            return (
              <li key={reply.id} data-reply-id={reply.id} className={`rounded-lg border p-3 ${reserved ? "border-brand" : "border-line"}`}>
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold">{mine ? t("you") : reply.author.displayName || t("member")}</span>
                  <time dateTime={new Date(reply.createdAt).toISOString()} className="text-xs text-fg-muted">
                    {now ? formatAgo(reply.createdAt, now, language) : gameAndLocalTime(t, reply.createdAt, language, false)}
                  </time>
                  {reserved ? <span className="text-xs font-semibold">{t("thread.reservedFor")}</span> : null}
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{reply.text}</p>
                {owner && offer.status === "open" && !mine ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondary} mt-2 min-h-10 text-sm`}
                    onClick={() =>
                      void move("reserve", { replyId: reply.id }, t("reserve.done", { name: reply.author.displayName || t("member") }))
                    }
                  >
                    {t("actions.reserve", { name: reply.author.displayName || t("member") })}
                  </button>
                ) : null}
              </li>
            );
          })}
          {pending.map((reply) => (
            <li key={reply.clientId} className="rounded-lg border border-dashed border-line p-3" data-pending={reply.state}>
              <p className="text-sm font-semibold">{t("you")}</p>
              <p className="mt-1 whitespace-pre-line break-words">{reply.text}</p>
              <p className="mt-1 text-xs text-fg-muted">
                {reply.state === "sending" ? (
                  t("thread.sending")
                ) : (
                  <button
                    type="button"
                    onClick={() => void deliver(reply)}
                    className="inline-flex min-h-6 items-center text-link underline"
                  >
                    {t("thread.retry")}
                  </button>
                )}
              </p>
            </li>
          ))}
        </ol>
        {mayReply ? (
          <form onSubmit={send} className="mt-4 flex flex-col gap-2">
            <label htmlFor="offer-reply" className="font-semibold">
              {t(owner ? "thread.labelOwner" : "thread.label")}
            </label>
            <textarea
              id="offer-reply"
              ref={replyField}
              value={draft}
              maxLength={OFFER_REPLY_MAX}
              rows={3}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t("thread.placeholder")}
              className="min-h-20 rounded-md border border-line bg-bg p-2 text-fg"
            />
            <div className="flex justify-end">
              <button type="submit" disabled={draft.trim().length === 0} className={primary}>
                {t("thread.send")}
              </button>
            </div>
          </form>
        ) : (
          <p className="mt-3 text-sm text-fg-muted">{t(live ? "thread.closedReserved" : "thread.closed")}</p>
        )}
      </section>

      <p className="flex flex-wrap items-center justify-between gap-2">
        {/* The owner goes back to their offers; anyone else came from the item's market. */}
        <Link
          to={owner ? "/me/make-offer" : `/equipments-items/detail?id=${encodeURIComponent(offer.itemId)}`}
          className="inline-flex min-h-10 items-center font-semibold text-link underline underline-offset-2"
        >
          ← {owner ? t("detail.back") : t("detail.backToItem", { item: itemName })}
        </Link>
        {owner ? null : (
          <button
            type="button"
            onClick={() => setReporting({ kind: "offer", id: offer.id })}
            className="inline-flex min-h-10 items-center rounded-md px-3 text-sm text-fg-muted underline hover:text-fg"
          >
            {t("actions.report")}
          </button>
        )}
      </p>
      <LazyReportDialog target={reporting} onClose={() => setReporting(null)} />

      {dialog ? (
        <Suspense fallback={null}>
          <OfferDialogs
            dialog={dialog}
            otherName={otherName}
            busy={busy}
            onClose={() => setDialog(null)}
            onUnreserve={(reason) => move("unreserve", { reason }, t("unreserve.done"))}
            onCancel={(reason) => move("cancel", { reason }, t("cancel.done"))}
            onFeedback={async (score, comment) => {
              const answer = await apiJson<Feedback>(`/api/offers/${offer.id}/feedback`, { body: { score, comment } });
              if (!answer.ok) return offerError(t, answer);
              setFeedback((current) => [...current.filter((each) => each.from.uid !== answer.data.from.uid), answer.data]);
              setCanLeaveFeedback(false);
              // Left but not counted (a new account, or this member rated again within 30 days): say so.
              const done = answer.data.counts
                ? t("feedback.done")
                : t(`feedback.doneNotCounted.${answer.data.notCountedReason ?? "new-account"}`);
              setNotice({ text: done, error: false });
              requestAnimationFrame(focusNotice);
              return null;
            }}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
