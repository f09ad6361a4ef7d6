import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import commonVi from "../../../locales/vi/common.json" with { type: "json" };
import offersVi from "../../../locales/vi/offers.json" with { type: "json" };
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import { TranslationProvider } from "../../shared/i18n/use-translation.tsx";
import { OFFERS_PAST_FIRST, OFFERS_PAST_MORE_ID } from "../../../universal/offers/offer-limits.ts";
import type { Offer, OfferStatus } from "../../../universal/offers/offer-types.ts";
import { MyOffersPage, type MyOffersProps } from "./my-offers-page.tsx";

const NOW = Date.UTC(2026, 11, 4);

function offer(id: number, status: OfferStatus): Offer {
  return {
    id,
    side: "sell",
    itemId: "kiem-go",
    quantity: 1,
    unitPrice: 1000 + id,
    server: "s1",
    characterName: "Lan",
    note: null,
    status,
    version: 1,
    trader: {
      uid: "u1",
      displayName: "Lan",
      photoURL: null,
      online: false,
      lastSeenAt: null,
      reputation: { positive: 0, negative: 0, trades: 0 },
    },
    counterparty: null,
    reservedReplyId: null,
    ownerConfirmedAt: null,
    counterpartyConfirmedAt: null,
    reason: null,
    hidden: false,
    role: "owner",
    expiresAt: NOW + 86_400_000,
    createdAt: NOW - id * 60_000,
    updatedAt: NOW - id * 60_000,
    completedAt: status === "completed" ? NOW - id * 60_000 : null,
  };
}

function render(offers: Offer[], pastCount: number, pastAllHref: string | null): string {
  const props: MyOffersProps = {
    i18n: { language: "vi", namespace: "offers", messages: offersVi },
    offers,
    alerts: [],
    claims: [],
    items: {},
    servers: [{ id: "s1", name: "Máy chủ 1" }],
    initialItem: null,
    initialSide: "sell",
    pastCount,
    pastAllHref,
  };
  const translator = translatorFor({ language: "vi", resources: { common: commonVi } });
  const Stub = createRoutesStub([
    {
      path: "/me/make-offer",
      Component: () => (
        <TranslationProvider translator={translator}>
          <MyOffersPage {...props} />
        </TranslationProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/me/make-offer"]} />);
}

const shownOffers = (html: string) => [...html.matchAll(/\/me\/make-offer\/detail\?id=(\d+)/g)].map((match) => Number(match[1]));

describe("/me/make-offer's finished offers", () => {
  const past = Array.from({ length: OFFERS_PAST_FIRST + 4 }, (_, index) => offer(index + 1, index % 2 ? "completed" : "cancelled"));
  const open = [offer(100, "open")];
  const allHref = `/me/make-offer?past=all#${OFFERS_PAST_MORE_ID}`;

  it("shows the first ones the page was given, counts them all and links to every one", () => {
    const html = render([...open, ...past.slice(0, OFFERS_PAST_FIRST)], past.length, allHref);
    expect(new Set(shownOffers(html))).toEqual(new Set([100, ...past.slice(0, OFFERS_PAST_FIRST).map((each) => each.id)]));
    expect(html).toMatch(new RegExp(`${offersVi.mine.past}.*\\(<!-- -->${past.length}<!-- -->\\)`));
    expect(html).toContain(`href="${allHref.replace("&", "&amp;")}"`);
    expect(html).toContain(`Xem tất cả ${past.length} giao dịch đã kết thúc (đang hiện ${OFFERS_PAST_FIRST})`);
  });

  it("shows every one when given them all, the first past the first ones marked for the link to land on", () => {
    const html = render([...open, ...past], past.length, null);
    expect(new Set(shownOffers(html))).toEqual(new Set([100, ...past.map((each) => each.id)]));
    expect(html).toContain(`id="${OFFERS_PAST_MORE_ID}"`);
    expect(html).not.toContain("?past=all");
  });
});
