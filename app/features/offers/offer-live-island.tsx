/**
 * Where an offer page marks its `offer-live` island: in an islands document it runs without React
 * (`startOfferLive`); this component renders its (empty) place on the server.
 */
import { Island } from "../../shared/islands/island.tsx";
import type { OfferLiveProps } from "./offer-live.ts";

/** The island's component: nothing to show, its work is the plain runtime's. */
export function OfferLiveMark(_props: OfferLiveProps) {
  return null;
}

export function OfferLive(props: OfferLiveProps) {
  return <Island name="offer-live" component={OfferLiveMark} props={props} />;
}
