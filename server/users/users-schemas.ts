/** The member directory's requests (`/api/users`, `/api/profile/settings`), validated with Zod at the edge. */
import { z } from "zod";
import { roles } from "../../universal/auth/permissions.ts";
import { BADGE_FILTER_MAX, DIRECTORY_PAGE, DIRECTORY_PAGE_MAX, memberSorts, type MemberSort } from "../../universal/users/users-limits.ts";
import { searchText } from "../http/search-text.ts";

/** `level.createdAt.uid` of the last member of the previous page: the sort's key, unique by the uid. */
const CURSOR = /^(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

export interface DirectoryCursor {
  level: number;
  createdAt: number;
  uid: string;
}

export function encodeCursor({ level, createdAt, uid }: DirectoryCursor): string {
  return `${level}.${createdAt}.${uid}`;
}

const badgeValue = z
  .string()
  .trim()
  .max(BADGE_FILTER_MAX)
  .regex(/^\P{Cc}*$/u);

/** An empty parameter (a GET form's unchosen select) means no filter. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const directoryQuery = z.object({
  q: searchText.optional().default(""),
  role: optional(z.enum(roles)),
  tag: optional(badgeValue),
  title: optional(badgeValue),
  // `newest` was the name of `new` before the API settled on `sort=level|new`: links made with it still work.
  sort: optional(z.enum([...memberSorts, "newest"])).transform((sort): MemberSort => (sort === "newest" ? "new" : (sort ?? "level"))),
  cursor: optional(
    z
      .string()
      .regex(CURSOR, "not a cursor this API gave")
      .transform((text): DirectoryCursor => {
        const [, level, createdAt, uid] = CURSOR.exec(text) ?? [];
        return { level: Number(level), createdAt: Number(createdAt), uid: uid ?? "" };
      }),
  ),
  limit: optional(z.coerce.number().int().min(1).max(DIRECTORY_PAGE_MAX)).transform((limit) => limit ?? DIRECTORY_PAGE),
});
export type DirectoryQuery = z.infer<typeof directoryQuery>;

export const profileSettingsBody = z.object({ listed: z.boolean() }).strict();
