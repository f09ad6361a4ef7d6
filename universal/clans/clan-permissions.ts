/**
 * A clan's roles and what each may do inside it (issue 43): the one table every clan route reads, as
 * the site's roles have theirs (`universal/auth/permissions.ts`). Whether someone may act in a clan
 * depends on their role in that clan alone: a site moderator or admin who is not a member is an
 * outsider here (they may hide a clan, `clan:hide` in the site's table, and never read its room).
 */
export const clanRoles = ["leader", "officer", "member"] as const;
export type ClanRole = (typeof clanRoles)[number];

export function isClanRole(value: unknown): value is ClanRole {
  return typeof value === "string" && (clanRoles as readonly string[]).includes(value);
}

/** What every member may do: read and write the clan room, answer an event, leave. */
const memberActions = ["room:read", "room:write", "event:answer", "leave"] as const;

/** And the officers: run the membership of plain members, speak for the clan, plan its events. */
const officerActions = [
  ...memberActions,
  "invite",
  "request:approve",
  "request:refuse",
  "member:kick",
  "announce",
  "event:schedule",
] as const;

/** What only the leader may do. */
const leaderOnlyActions = ["officer:kick", "role:change", "clan:edit", "lead:transfer", "clan:disband"] as const;

/** The leader: everything, but leaving (they transfer the lead, or disband). */
const leaderActions = [...officerActions.filter((action) => action !== "leave"), ...leaderOnlyActions];

export const clanActions = [...officerActions, ...leaderOnlyActions] as const;
export type ClanAction = (typeof clanActions)[number];

export const clanActionsByRole = {
  leader: leaderActions,
  officer: officerActions,
  member: memberActions,
} as const satisfies Record<ClanRole, readonly ClanAction[]>;

/** Whether someone with `role` in a clan (null: not a member) may do `action` there. */
export function mayInClan(role: ClanRole | null | undefined, action: ClanAction): boolean {
  if (!role) return false;
  return (clanActionsByRole[role] as readonly ClanAction[]).includes(action);
}

/** Whether `actor` may remove a member whose role is `target`: officers remove plain members, the leader anyone but themself. */
export function mayRemove(actor: ClanRole | null | undefined, target: ClanRole): boolean {
  if (target === "leader") return false;
  return mayInClan(actor, target === "officer" ? "officer:kick" : "member:kick");
}

/** Whether `actor` may move a member from `from` to `to`: only the leader, between officer and member. */
export function mayChangeRole(actor: ClanRole | null | undefined, from: ClanRole, to: ClanRole): boolean {
  return mayInClan(actor, "role:change") && from !== "leader" && to !== "leader" && from !== to;
}
