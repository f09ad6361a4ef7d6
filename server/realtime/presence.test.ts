import { afterEach, describe, expect, it } from "vitest";
import type { Bus } from "./bus.ts";
import { createHub, type RealtimeHub } from "./hub.ts";
import { createPresence, SITE, type Presence, type PresenceChange } from "./presence.ts";

/** One in-memory bus that several "processes" (hub and presence pairs) share, which can be cut off like a killed process. */
function sharedBus() {
  const subscribers = new Map<number, (payload: string) => void>();
  let next = 0;
  return (): Bus & { cut(): void } => {
    const id = next++;
    let cut = false;
    return {
      kind: "redis",
      async publish(payload) {
        if (cut) return;
        for (const deliver of subscribers.values()) queueMicrotask(() => deliver(payload));
      },
      async subscribe(onMessage) {
        subscribers.set(id, (payload) => {
          if (!cut) onMessage(payload);
        });
      },
      health: () => ({ transport: "redis", degraded: [] }),
      onGap: () => () => {},
      async close() {
        subscribers.delete(id);
      },
      cut() {
        cut = true;
        subscribers.delete(id);
      },
    };
  };
}

interface Process {
  hub: RealtimeHub;
  presence: Presence;
  bus: ReturnType<ReturnType<typeof sharedBus>>;
  changes: PresenceChange[];
}

const running: Process[] = [];

function start(busFor: ReturnType<typeof sharedBus>, clock: () => number): Process {
  const bus = busFor();
  const hub = createHub({ bus });
  // Forgetting goes by `clock`, which only the test moves: a slow machine never forgets a live process.
  const presence = createPresence({ hub, beatMs: 20, ttlMs: 100, flushMs: 10, now: clock });
  const changes: PresenceChange[] = [];
  presence.onChange((change) => changes.push(change));
  const process = { hub, presence, bus, changes };
  running.push(process);
  return process;
}

async function until(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 5));
  }
}

afterEach(async () => {
  for (const each of running.splice(0)) {
    await each.presence.close();
    await each.hub.close();
  }
});

describe("presence across processes", () => {
  it("counts a member once however many connections and processes hold them, and tells joins and leaves in batches", async () => {
    const bus = sharedBus();
    const a = start(bus, () => 0);
    const b = start(bus, () => 0);
    a.presence.add(SITE, "lan", "Lan");
    a.presence.add(SITE, "lan", "Lan");
    b.presence.add(SITE, "lan", "Lan");
    a.presence.add("room:global-vi", "minh", "Minh");
    await until(() => b.presence.isOnline("lan") && b.presence.members("room:global-vi").length === 1);
    expect(a.presence.members(SITE)).toEqual([{ uid: "lan", displayName: "Lan" }]);
    expect(b.presence.members("room:global-vi")).toEqual([{ uid: "minh", displayName: "Minh" }]);
    await until(() => b.changes.some((change) => change.scope === "room:global-vi"));
    expect(b.changes.filter((change) => change.scope === SITE).flatMap((change) => change.joined)).toEqual([
      { uid: "lan", displayName: "Lan" },
    ]);

    // Lan closes one tab here: still online (another here, one there). Then all of them: gone everywhere.
    a.presence.remove(SITE, "lan");
    await new Promise((done) => setTimeout(done, 50));
    expect(b.presence.isOnline("lan")).toBe(true);
    a.presence.remove(SITE, "lan");
    await new Promise((done) => setTimeout(done, 50));
    expect(a.presence.isOnline("lan")).toBe(true);
    b.presence.remove(SITE, "lan");
    await until(() => !a.presence.isOnline("lan") && !b.presence.isOnline("lan"));
    await until(() => a.changes.some((change) => change.left.includes("lan")));
  });

  it("a join and leave within one batch tell nothing; a new process learns who is there", async () => {
    const bus = sharedBus();
    const a = start(bus, () => 0);
    a.presence.add("room:x", "an", "An");
    a.presence.remove("room:x", "an");
    a.presence.add(SITE, "binh", "Bình");
    await new Promise((done) => setTimeout(done, 60));
    expect(a.changes.filter((change) => change.scope === "room:x")).toEqual([]);
    const late = start(bus, () => 0);
    await until(() => late.presence.isOnline("binh"));
  });

  it("forgets the members of a process that stopped beating (killed), and only theirs", async () => {
    const bus = sharedBus();
    let now = Date.now();
    const clock = () => now;
    const a = start(bus, clock);
    const b = start(bus, clock);
    a.presence.add(SITE, "chi", "Chi");
    b.presence.add(SITE, "dung", "Dũng");
    await until(() => a.presence.isOnline("dung") && b.presence.isOnline("chi"));
    b.bus.cut(); // kill -9: no goodbye, no more beats
    // Time passes (a beat of b's already on its way may still arrive: it only restarts the wait).
    await until(() => {
      now += 50;
      return !a.presence.isOnline("dung");
    });
    expect(a.presence.isOnline("chi")).toBe(true);
    await until(() => a.changes.some((change) => change.left.includes("dung")));
  });

  it("repairs what a lost message broke: two beats that disagree make the other process send all it holds", async () => {
    const bus = sharedBus();
    const a = start(bus, () => 0);
    const b = start(bus, () => 0);
    await b.hub.ready;
    // A delta lost on the bus: b holds Lan, a never heard of it.
    const publish = b.hub.publish.bind(b.hub);
    b.hub.publish = (event) => {
      if (event.type !== "presence-sync") publish(event);
    };
    b.presence.add(SITE, "lan", "Lan");
    await new Promise((done) => setTimeout(done, 40));
    b.hub.publish = publish;
    expect(a.presence.isOnline("lan")).toBe(false);
    await until(() => a.presence.isOnline("lan"));
  });

  it("tells the others at once who left when it closes, even what left since its last flush", async () => {
    const bus = sharedBus();
    const a = start(bus, () => 0);
    const b = start(bus, () => 0);
    b.presence.add(SITE, "minh", "Minh");
    b.presence.add(SITE, "nga", "Nga");
    await until(() => a.presence.isOnline("minh") && a.presence.isOnline("nga"));
    b.presence.remove(SITE, "minh");
    await b.presence.close();
    await until(() => !a.presence.isOnline("minh") && !a.presence.isOnline("nga"));
  });
});
