import { describe, expect, it } from "vitest";
import { can, isRole, permissionsByRole, roles, type Permission } from "./permissions.ts";

describe("permission table", () => {
  it("gives each role everything the role below it has", () => {
    for (const permission of permissionsByRole.user) expect(can("moderator", permission), permission).toBe(true);
    for (const permission of permissionsByRole.moderator) expect(can("admin", permission), permission).toBe(true);
  });

  it.each<[Permission, boolean, boolean, boolean, boolean]>([
    // permission,           visitor, user,  moderator, admin
    ["view:record", true, true, true, true],
    ["profile:update:own", false, true, true, true],
    ["analytics:record", false, true, true, true],
    ["admin:access", false, false, true, true],
    ["moderation:access", false, false, true, true],
    ["post:hide", false, false, true, true],
    ["chat:read", false, true, true, true],
    ["chat:send", false, true, true, true],
    ["notification:read:own", false, true, true, true],
    ["chat:mute", false, false, true, true],
    ["bag:manage:own", false, true, true, true],
    ["note:manage:own", false, true, true, true],
    ["tax:manage:own", false, true, true, true],
    ["offer:manage:own", false, true, true, true],
    ["offer:reply", false, true, true, true],
    ["offer:trade", false, true, true, true],
    ["feedback:create", false, true, true, true],
    ["alert:manage:own", false, true, true, true],
    ["character:claim:own", false, true, true, true],
    ["report:create", false, true, true, true],
    ["offer:hide", false, false, true, true],
    ["report:verify", false, false, true, true],
    ["message:hide", false, false, true, true],
    ["clan:create", false, true, true, true],
    ["clan:join", false, true, true, true],
    ["clan:hide", false, false, true, true],
    ["user:set-role", false, false, false, true],
    ["user:ban", false, false, false, true],
    ["settings:manage", false, false, false, true],
    ["mail:read-outbox", false, false, false, true],
  ])("%s: visitor %s, user %s, moderator %s, admin %s", (permission, visitor, user, moderator, admin) => {
    expect(can(null, permission)).toBe(visitor);
    expect(can("user", permission)).toBe(user);
    expect(can("moderator", permission)).toBe(moderator);
    expect(can("admin", permission)).toBe(admin);
  });

  it("validates role values", () => {
    expect(roles).toEqual(["user", "moderator", "admin"]);
    expect(isRole("admin")).toBe(true);
    expect(isRole("superadmin")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
