/**
 * Offer updates while an offer page is open, without React (decision 042): a plain island that
 * listens to the offers' realtime topics as the page loads.
 *
 * - On `/me/make-offer` (`list`): the member's live offers' topics (`offer:{id}`), once the page has
 *   settled (a move is no news a reader needs in the page's first seconds, and subscribing to up to 40
 *   topics was a sixth of the page's main-thread work at load); once one of them changes state, the
 *   server's new lists replace the shown ones in place. Moves are not stored on the topic, so what
 *   changed before the topics were followed is read once they are: the member's offers' versions
 *   against those the page shows.
 * - On an offer's page (`detail`): the offer's topic; the first frame (a reply, a move, feedback) wakes
 *   the page's island (`offer-detail`), which reads the offer again and follows the topic itself from
 *   then on: this one stops (`OFFER_LIVE_HANDOVER`).
 */
import type { ServerFrame } from "../../../universal/realtime/protocol.ts";
import { ISLAND_ATTRIBUTE } from "../../shared/islands/island-markup.ts";
import { showPageParts } from "../../shared/islands/page-parts.ts";
import { afterInteractive, afterSettled } from "../../shared/page/after-interactive.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { OFFER_PAGE_MAX } from "../../../universal/offers/offer-limits.ts";
import { onPageEnd, pageSignal } from "../../shared/islands/page-lifetime.ts";
import { listenToTopic } from "../../shared/realtime/topic.ts";

/** The event the offer page's island sends its document as it hydrates: it follows the offer itself. */
export const OFFER_LIVE_HANDOVER = "minithings:offer-live-handover";

/** A socket joins this many topics at most (the server's limit is 50; the bell and the page's others keep theirs). */
export const OFFER_LIVE_TOPICS_MAX = 40;

/** The server parts of `/me/make-offer` that list the member's offers. */
export const MY_OFFERS_PARTS = ["mine-offers"] as const;

export type OfferLiveProps =
  | { mode: "list"; offers: { id: number; version: number }[] }
  | {
      mode: "detail";
      offer: number;
      /** The last reply the page shows: the topic resumes after it. */
      after: number;
      /** The island it wakes. */
      island: string;
    };

export function offerTopic(id: number): string {
  return `offer:${id}`;
}

/** The `offer-live` island of an islands document: listens once the page is interactive. */
export function startOfferLive(element: HTMLElement, props: OfferLiveProps): void {
  const doc = element.ownerDocument;
  const stops: (() => void)[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const each of stops.splice(0)) each();
  };
  if (props.mode === "list") {
    let waiting: ReturnType<typeof setTimeout> | null = null;
    // Moves come in bursts (reserve, then the other side's reply): one read of the page answers them.
    const refresh = () => {
      if (waiting || stopped) return;
      waiting = setTimeout(() => {
        waiting = null;
        void showPageParts(MY_OFFERS_PARTS);
      }, 300);
    };
    const shown = props.offers.slice(0, OFFER_LIVE_TOPICS_MAX);
    let unanswered = shown.length;
    const caughtUp = async () => {
      const answer = await apiJson<{ id: number; version: number }[]>(`/api/offers?mine=1&limit=${OFFER_PAGE_MAX}`, {
        signal: pageSignal(),
      });
      if (!answer.ok) return;
      const versions = new Map(answer.data.map((offer) => [offer.id, offer.version]));
      if (shown.some((offer) => versions.get(offer.id) !== offer.version)) refresh();
    };
    const onFrame = (frame: ServerFrame) => {
      // Every topic answered (followed, or refused: an offer gone): what moved before is read once.
      if ((frame.type === "subscribed" || frame.type === "error") && unanswered > 0 && --unanswered === 0) void caughtUp();
      if (frame.type === "offer-changed") refresh();
    };
    // Ends with the page (a move in place): the wait, a pending read; the topics end with it themselves.
    stops.push(afterSettled(() => shown.forEach(({ id }) => listenToTopic(offerTopic(id), undefined, onFrame))));
    stops.push(() => clearTimeout(waiting ?? undefined));
    onPageEnd(stop);
    return;
  }
  doc.addEventListener(OFFER_LIVE_HANDOVER, stop, { once: true, signal: pageSignal() });
  const wake = () => {
    const island = doc.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${CSS.escape(props.island)}"]`);
    // What wakes an island on use (`wake-on-use.ts`) wakes it now: the pointer's arrival.
    island?.dispatchEvent(new Event("pointerover"));
  };
  afterInteractive(() => {
    if (stopped) return;
    stops.push(
      listenToTopic(offerTopic(props.offer), props.after, (frame) => {
        const news = frame.type === "offer-reply" || frame.type === "offer-changed" || frame.type === "offer-feedback";
        if (news || (frame.type === "error" && frame.code === "reload")) wake();
      }),
    );
  });
}
