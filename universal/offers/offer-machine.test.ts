import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  initialOfferState,
  isTerminal,
  isValidOfferState,
  mayMove,
  nextOfferState,
  stateAt,
  type OfferActor,
  type OfferMove,
  type OfferState,
} from "./offer-machine.ts";

const actors: OfferActor[] = ["owner", "counterparty", "stranger", "system"];
const moves: OfferMove[] = ["reserve", "unreserve", "confirm", "cancel", "expire"];
const step = fc.record({ actor: fc.constantFrom(...actors), move: fc.constantFrom(...moves) });
const steps = fc.array(step, { maxLength: 40 });

function run(sequence: { actor: OfferActor; move: OfferMove }[]): OfferState[] {
  const states = [initialOfferState];
  let state = initialOfferState;
  for (const { actor, move } of sequence) {
    const result = nextOfferState(state, actor, move);
    if (result.ok) state = result.state;
    states.push(state);
  }
  return states;
}

describe("the offer state machine", () => {
  it("reaches only valid states, whatever is tried in whatever order", () => {
    fc.assert(fc.property(steps, (sequence) => run(sequence).every(isValidOfferState)));
  });

  it("reaches every valid state: isValidOfferState is exactly the reachable set", () => {
    const key = (state: OfferState) => JSON.stringify(state);
    const reached = new Map([[key(initialOfferState), initialOfferState]]);
    const queue = [initialOfferState];
    for (let state = queue.shift(); state; state = queue.shift())
      for (const actor of actors)
        for (const move of moves) {
          const result = nextOfferState(state, actor, move);
          if (result.ok && !reached.has(key(result.state))) {
            reached.set(key(result.state), result.state);
            queue.push(result.state);
          }
        }
    const statuses = ["open", "reserved", "completed", "cancelled", "expired"] as const;
    const all = statuses.flatMap((status) =>
      [false, true].flatMap((reserved) =>
        [false, true].flatMap((ownerConfirmed) =>
          [false, true].map((counterpartyConfirmed): OfferState => ({ status, reserved, ownerConfirmed, counterpartyConfirmed })),
        ),
      ),
    );
    expect(all.filter(isValidOfferState).map(key).sort()).toEqual([...reached.keys()].sort());
  });

  it("never leaves completed, cancelled or expired", () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        const states = run(sequence);
        const first = states.findIndex((state) => isTerminal(state.status));
        return first < 0 || states.slice(first).every((state) => state.status === states[first]?.status);
      }),
    );
  });

  it("completes only on the second of two different confirmations, while reserved", () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        const states = run(sequence);
        return states.every((state, at) => {
          const before = states[at - 1];
          if (!before || before.status === "completed" || state.status !== "completed") return true;
          const { actor, move } = sequence[at - 1] ?? { actor: "stranger", move: "reserve" };
          const other = actor === "owner" ? before.counterpartyConfirmed : before.ownerConfirmed;
          return before.status === "reserved" && move === "confirm" && other;
        });
      }),
    );
  });

  it("refuses a move as permission-denied exactly when the actor may never make it, whatever the state", () => {
    const state = fc.record({
      status: fc.constantFrom("open", "reserved", "completed", "cancelled", "expired" as const),
      reserved: fc.boolean(),
      ownerConfirmed: fc.boolean(),
      counterpartyConfirmed: fc.boolean(),
    });
    fc.assert(
      fc.property(state, step, (current, { actor, move }) => {
        const result = nextOfferState(current, actor, move);
        return mayMove(actor, move)
          ? result.ok || result.refusal === "failed-precondition"
          : !result.ok && result.refusal === "permission-denied";
      }),
    );
  });

  it("lets no stranger change anything", () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        const states = run(sequence);
        return sequence.every(({ actor }, at) => actor !== "stranger" || states[at + 1] === states[at]);
      }),
    );
  });

  it("treats an offer past its end as expired: no member move passes, and the state it ends in is as reached", () => {
    const timing = fc.record({ expiresAt: fc.integer({ min: 0, max: 1_000 }), now: fc.integer({ min: 0, max: 1_000 }) });
    fc.assert(
      fc.property(steps, timing, step, (sequence, { expiresAt, now }, { actor, move }) => {
        const reached = run(sequence).at(-1) ?? initialOfferState;
        const seen = stateAt(reached, expiresAt, now);
        if (now < expiresAt) return seen === reached;
        if (!isValidOfferState(seen)) return false;
        if (isTerminal(reached.status) ? seen !== reached : seen.status !== "expired") return false;
        return actor === "system" || !nextOfferState(seen, actor, move).ok;
      }),
    );
  });

  it("walks the happy path and refuses the issue's examples", () => {
    const reserved = nextOfferState(initialOfferState, "owner", "reserve");
    expect(reserved).toMatchObject({ ok: true, state: { status: "reserved" } });
    if (!reserved.ok) return;
    expect(nextOfferState(reserved.state, "owner", "reserve")).toEqual({ ok: false, refusal: "failed-precondition" });
    expect(nextOfferState(initialOfferState, "stranger", "reserve")).toEqual({ ok: false, refusal: "permission-denied" });
    expect(nextOfferState(reserved.state, "stranger", "confirm")).toEqual({ ok: false, refusal: "permission-denied" });
    expect(nextOfferState(reserved.state, "counterparty", "cancel")).toEqual({ ok: false, refusal: "permission-denied" });
    const half = nextOfferState(reserved.state, "counterparty", "confirm");
    expect(half).toMatchObject({ ok: true, state: { status: "reserved", counterpartyConfirmed: true } });
    if (!half.ok) return;
    expect(nextOfferState(half.state, "counterparty", "confirm")).toEqual({ ok: false, refusal: "failed-precondition" });
    expect(nextOfferState(half.state, "owner", "confirm")).toMatchObject({ ok: true, state: { status: "completed" } });
    expect(nextOfferState(half.state, "counterparty", "unreserve")).toMatchObject({ ok: true, state: initialOfferState });
    expect(nextOfferState(initialOfferState, "system", "expire")).toMatchObject({ ok: true, state: { status: "expired" } });
  });
});
