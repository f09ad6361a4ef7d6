/**
 * The member directory's limits and shapes, without Zod: what the browser needs
 * (server/users/users-schemas.ts validates with Zod on the server and imports these).
 */
import type { Role } from "../auth/permissions.ts";

/** `level`: highest level first; `new`: newest members first (`newest`, its earlier name, is still accepted). */
export const memberSorts = ["level", "new"] as const;
export type MemberSort = (typeof memberSorts)[number];

/** Members per page of the directory, and the most one request may ask for. */
export const DIRECTORY_PAGE = 24;
export const DIRECTORY_PAGE_MAX = 50;
/** The longest tag or title a filter takes (admins give them; none is longer). */
export const BADGE_FILTER_MAX = 40;

/** The tags and titles the filters offer; admins may give others, which the API filters on as written. */
export const knownBadgeValues = ["member", "vip", "veteran", "creator"] as const;

/** A member as the directory and their public page show them: never the email or anything private. */
export interface PublicMember {
  uid: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
  tag: string;
  title: string;
  level: number;
  createdAt: number;
  /** Contribution points, all-time (0 for a member never awarded any). */
  points: number;
}

export interface MemberPage {
  data: PublicMember[];
  /** Pass as `cursor` for the next page; null after the last one. */
  nextCursor: string | null;
}
