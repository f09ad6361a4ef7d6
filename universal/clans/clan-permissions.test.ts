import { describe, expect, it } from "vitest";
import { can } from "../auth/permissions.ts";
import {
  clanActions,
  clanRoles,
  isClanRole,
  mayChangeRole,
  mayInClan,
  mayRemove,
  type ClanAction,
  type ClanRole,
} from "./clan-permissions.ts";

/** Who may do what, written out by hand from issue 43 (not from the table it checks). */
const expected: Record<ClanAction, Record<ClanRole | "outsider", boolean>> = {
  "room:read": { leader: true, officer: true, member: true, outsider: false },
  "room:write": { leader: true, officer: true, member: true, outsider: false },
  "event:answer": { leader: true, officer: true, member: true, outsider: false },
  leave: { leader: false, officer: true, member: true, outsider: false },
  invite: { leader: true, officer: true, member: false, outsider: false },
  "request:approve": { leader: true, officer: true, member: false, outsider: false },
  "request:refuse": { leader: true, officer: true, member: false, outsider: false },
  "member:kick": { leader: true, officer: true, member: false, outsider: false },
  announce: { leader: true, officer: true, member: false, outsider: false },
  "event:schedule": { leader: true, officer: true, member: false, outsider: false },
  "officer:kick": { leader: true, officer: false, member: false, outsider: false },
  "role:change": { leader: true, officer: false, member: false, outsider: false },
  "clan:edit": { leader: true, officer: false, member: false, outsider: false },
  "lead:transfer": { leader: true, officer: false, member: false, outsider: false },
  "clan:disband": { leader: true, officer: false, member: false, outsider: false },
};

describe("the clan permission table", () => {
  it("names every action once, and the hand-written table covers them all", () => {
    expect(new Set(clanActions).size).toBe(clanActions.length);
    expect(Object.keys(expected).sort()).toEqual([...clanActions].sort());
  });

  for (const action of clanActions)
    it(`${action}: ${
      Object.entries(expected[action])
        .filter(([, may]) => may)
        .map(([who]) => who)
        .join(", ") || "nobody"
    }`, () => {
      for (const role of clanRoles) expect(mayInClan(role, action), `${role} ${action}`).toBe(expected[action][role]);
      expect(mayInClan(null, action)).toBe(expected[action].outsider);
      expect(mayInClan(undefined, action)).toBe(expected[action].outsider);
    });

  it("gives a site moderator or admin nothing inside a clan they are not in; they may hide a clan, members may not", () => {
    for (const action of clanActions) expect(mayInClan(null, action)).toBe(false);
    expect(can("moderator", "clan:hide")).toBe(true);
    expect(can("admin", "clan:hide")).toBe(true);
    expect(can("user", "clan:hide")).toBe(false);
    expect(can(null, "clan:hide")).toBe(false);
    expect(can("user", "clan:create")).toBe(true);
    expect(can(null, "clan:create")).toBe(false);
  });

  it("lets officers remove plain members, the leader officers too, and nobody the leader", () => {
    const cases: [ClanRole | null, ClanRole, boolean][] = [
      ["leader", "member", true],
      ["leader", "officer", true],
      ["leader", "leader", false],
      ["officer", "member", true],
      ["officer", "officer", false],
      ["officer", "leader", false],
      ["member", "member", false],
      ["member", "officer", false],
      [null, "member", false],
    ];
    for (const [actor, target, may] of cases) expect(mayRemove(actor, target), `${actor} removes ${target}`).toBe(may);
  });

  it("lets only the leader promote and demote, between officer and member", () => {
    expect(mayChangeRole("leader", "member", "officer")).toBe(true);
    expect(mayChangeRole("leader", "officer", "member")).toBe(true);
    expect(mayChangeRole("leader", "member", "member")).toBe(false);
    expect(mayChangeRole("leader", "member", "leader")).toBe(false);
    expect(mayChangeRole("leader", "leader", "officer")).toBe(false);
    expect(mayChangeRole("officer", "member", "officer")).toBe(false);
    expect(mayChangeRole("member", "member", "officer")).toBe(false);
    expect(mayChangeRole(null, "member", "officer")).toBe(false);
  });

  it("knows its roles", () => {
    expect(clanRoles.every(isClanRole)).toBe(true);
    expect(isClanRole("admin")).toBe(false);
    expect(isClanRole(undefined)).toBe(false);
  });
});
