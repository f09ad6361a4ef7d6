/**
 * Roles and what each may do (visitor, member, moderator, admin): the one table every server check reads.
 * The interface only mirrors it (to hide what a role cannot use); the server decides.
 */
export const roles = ["user", "moderator", "admin"] as const;
export type Role = (typeof roles)[number];
export const defaultRole: Role = "user";

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/** What anyone may do, signed in or not (reading needs no permission at all). */
const visitorPermissions = ["view:record"] as const;

const userPermissions = [
  ...visitorPermissions,
  "profile:read:own",
  "profile:update:own",
  "profile:delete:own",
  "profile:export:own",
  "session:manage:own",
  "analytics:record",
  "post:create",
  "comment:create",
  "like:create",
  "chat:read",
  "chat:send",
  "notification:read:own",
  "favorite:manage:own",
  "guide:submit",
  "clan:join",
  "clan:create",
  "bag:manage:own",
  "note:manage:own",
  "tax:manage:own",
  "offer:manage:own",
  "offer:reply",
  "offer:trade",
  "feedback:create",
  "alert:manage:own",
  "character:claim:own",
  "report:create",
] as const;

const moderatorPermissions = [
  ...userPermissions,
  "admin:access",
  "moderation:access",
  "post:hide",
  "comment:hide",
  "message:hide",
  "offer:hide",
  "chat:mute",
  "report:verify",
  "guide:approve",
  "clan:hide",
  "audit:read:moderation",
] as const;

const adminPermissions = [
  ...moderatorPermissions,
  "user:manage",
  "user:set-role",
  "user:ban",
  "content:manage",
  "settings:manage",
  "announcement:manage",
  "audit:read",
  "dashboard:read",
  "mail:read-outbox",
] as const;

export type Permission = (typeof adminPermissions)[number];

export const permissionsByRole = {
  user: userPermissions,
  moderator: moderatorPermissions,
  admin: adminPermissions,
} as const satisfies Record<Role, readonly Permission[]>;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return (visitorPermissions as readonly Permission[]).includes(permission);
  return (permissionsByRole[role] as readonly Permission[]).includes(permission);
}
