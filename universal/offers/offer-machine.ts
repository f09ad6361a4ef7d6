/**
 * The offer state machine, pure: `open → reserved → completed`, `cancelled` or `expired`
 * from open or reserved, `unreserve` back to open. Every move the server makes asks it first, then
 * writes the answer with `update … where id = ? and version = ?` so two racing moves cannot both win.
 *
 * Who may move: the owner reserves (for one replier), cancels, confirms; the counterparty (the member
 * the offer is reserved for) confirms and may release the reservation; the schedule expires it.
 * A move by someone who may never make it is refused as `permission-denied` (403); a move the
 * state does not allow now (reserving a reserved offer, confirming twice) as `failed-precondition` (409).
 */
import type { OfferStatus } from "./offer-types.ts";

export type OfferActor = "owner" | "counterparty" | "stranger" | "system";

export type OfferMove = "reserve" | "unreserve" | "confirm" | "cancel" | "expire";

export interface OfferState {
  status: OfferStatus;
  /** Whether a reservation names a counterparty (always, while reserved; kept when it is cancelled or expires). */
  reserved: boolean;
  ownerConfirmed: boolean;
  counterpartyConfirmed: boolean;
}

export type MoveRefusal = "failed-precondition" | "permission-denied";

export type MoveResult = { ok: true; state: OfferState } | { ok: false; refusal: MoveRefusal };

export const terminalStatuses: readonly OfferStatus[] = ["completed", "cancelled", "expired"];

export function isTerminal(status: OfferStatus): boolean {
  return terminalStatuses.includes(status);
}

/** Who may make each move at all (whatever the state). */
const movers: Record<OfferMove, readonly OfferActor[]> = {
  reserve: ["owner"],
  unreserve: ["owner", "counterparty"],
  confirm: ["owner", "counterparty"],
  cancel: ["owner"],
  expire: ["system"],
};

export function mayMove(actor: OfferActor, move: OfferMove): boolean {
  return movers[move].includes(actor);
}

export const initialOfferState: OfferState = { status: "open", reserved: false, ownerConfirmed: false, counterpartyConfirmed: false };

const refuse = (refusal: MoveRefusal): MoveResult => ({ ok: false, refusal });
const to = (state: OfferState): MoveResult => ({ ok: true, state });

/** The state after `actor` makes `move`, or why not. */
export function nextOfferState(state: OfferState, actor: OfferActor, move: OfferMove): MoveResult {
  if (!mayMove(actor, move)) return refuse("permission-denied");
  switch (move) {
    case "reserve":
      if (state.status !== "open") return refuse("failed-precondition");
      return to({ status: "reserved", reserved: true, ownerConfirmed: false, counterpartyConfirmed: false });
    case "unreserve":
      if (state.status !== "reserved") return refuse("failed-precondition");
      return to({ status: "open", reserved: false, ownerConfirmed: false, counterpartyConfirmed: false });
    case "confirm": {
      if (state.status !== "reserved") return refuse("failed-precondition");
      const mine = actor === "owner" ? "ownerConfirmed" : "counterpartyConfirmed";
      if (state[mine]) return refuse("failed-precondition");
      const confirmed = { ...state, [mine]: true };
      return to(confirmed.ownerConfirmed && confirmed.counterpartyConfirmed ? { ...confirmed, status: "completed" } : confirmed);
    }
    case "cancel":
    case "expire":
      if (state.status !== "open" && state.status !== "reserved") return refuse("failed-precondition");
      return to({ ...state, status: move === "cancel" ? "cancelled" : "expired" });
  }
}

/**
 * The state of an offer that ends at `expiresAt`, as of `now`: from its end on, an offer still open
 * or reserved is expired (the system's `expire` move), whether or not the sweep has written that
 * yet. Every read and every move asks this first, so an offer past its end is never listed as open,
 * reserved or confirmed in the minute before the sweep comes.
 */
export function stateAt(state: OfferState, expiresAt: number, now: number): OfferState {
  if (now < expiresAt) return state;
  const expired = nextOfferState(state, "system", "expire");
  return expired.ok ? expired.state : state;
}

/**
 * Whether the machine can reach a state: exactly the states some sequence of moves from
 * `initialOfferState` reaches (both directions are property-tested). The offers table's CHECK
 * constraints (db/schema/offers.ts) hold the same rules on its columns, `reserved` being a named
 * reply; what a row cannot show, the order of moves and who made them, only the machine decides.
 */
export function isValidOfferState(state: OfferState): boolean {
  switch (state.status) {
    case "open":
      return !state.reserved && !state.ownerConfirmed && !state.counterpartyConfirmed;
    case "reserved":
      return state.reserved && !(state.ownerConfirmed && state.counterpartyConfirmed);
    case "completed":
      return state.reserved && state.ownerConfirmed && state.counterpartyConfirmed;
    case "cancelled":
    case "expired":
      return (
        !(state.ownerConfirmed && state.counterpartyConfirmed) &&
        (state.reserved || (!state.ownerConfirmed && !state.counterpartyConfirmed))
      );
  }
}
