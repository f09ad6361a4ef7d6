/**
 * The clans API's request shapes (issue 43), validated with Zod on the server; each refusal's text
 * names its field.
 */
import { z } from "zod";
import { boundedText, packIdSchema, searchText } from "../schemas.ts";

export const CLAN_NAME_MIN = 3;
export const CLAN_NAME_MAX = 32;
export const clanLanguages = ["vi", "en"] as const;
export type ClanLanguage = (typeof clanLanguages)[number];
/** A page of the clan directory. */
export const CLAN_PAGE = 30;

const name = boundedText(CLAN_NAME_MAX, "name", { min: CLAN_NAME_MIN })
  .transform((value) => value.normalize("NFC"))
  .pipe(z.string().regex(/^[^\p{Cc}]+$/u, "name: no control characters"));
const tag = z.string("tag: 2 to 5 capital letters or digits").regex(/^[A-Z0-9]{2,5}$/, "tag: 2 to 5 capital letters or digits");
/** A server as the pack names it (`suong-mai`): the pack's id pattern, so no control character reaches a query. */
const server = packIdSchema("server: a server id like suong-mai");
/** An icon id as the content pack writes them; that the icon exists is the server's to check. */
const emblem = z
  .string("emblem: an icon like game-icons:crossed-swords")
  .max(80, "emblem: an icon like game-icons:crossed-swords")
  .regex(/^game-icons:[a-z0-9]+(-[a-z0-9]+)*$/, "emblem: an icon like game-icons:crossed-swords");
const language = z.enum(clanLanguages, "language: vi or en");

export const createClanBody = z.object({ server, name, tag, emblem, language }).strict();

export const clansQuery = z
  .object({
    server: server.optional(),
    /** Accent- and case-insensitive, in the name and the tag. */
    q: searchText.optional(),
    language: language.optional(),
    recruiting: z.enum(["true", "false"], "recruiting: true or false").optional(),
    sort: z.enum(["power", "members"], "sort: power or members").optional(),
    /** Where the last page ended (`nextCursor`): an offset into the sorted directory. */
    cursor: z.coerce
      .number("cursor: from nextCursor")
      .int("cursor: from nextCursor")
      .min(0, "cursor: from nextCursor")
      .max(100_000, "cursor: from nextCursor")
      .optional(),
  })
  .strict();

export type CreateClanInput = z.infer<typeof createClanBody>;
export type ClansQuery = z.infer<typeof clansQuery>;

/** A clan as the directory lists it. `power` is null until its members have submitted characters (rankings). */
export interface ClanSummary {
  id: string;
  server: string;
  name: string;
  tag: string;
  emblem: string;
  language: ClanLanguage;
  recruiting: boolean;
  leader: { uid: string; displayName: string } | null;
  memberCount: number;
  power: number | null;
}
