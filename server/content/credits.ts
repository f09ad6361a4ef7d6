import { listKind } from "./catalog.ts";
import { currentPackInfo } from "./content-store.ts";
import { PACK_KIND_NAMES } from "../../universal/content/pack-schema.ts";
import type { Database } from "../../db/client.ts";

const ICON_REFERENCE = /^game-icons:([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Every `game-icons:…` name a value holds, however deep (entries, skills, markers…). */
function collectIcons(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    const match = ICON_REFERENCE.exec(value);
    if (match?.[1]) into.add(match[1]);
  } else if (Array.isArray(value)) {
    for (const element of value) collectIcons(element, into);
  } else if (value && typeof value === "object") {
    for (const element of Object.values(value)) collectIcons(element, into);
  }
}

let cached: { checksum: string; icons: string[] } | undefined;

/**
 * The game-icons.net icons the installed content pack uses, by name, sorted: the credits page lists
 * them. Read through every entry once per pack (its checksum), not on every visit.
 */
export async function packIcons(db: Database): Promise<string[]> {
  const checksum = (await currentPackInfo(db))?.checksum ?? "";
  if (cached?.checksum === checksum) return cached.icons;
  const icons = new Set<string>();
  const kinds = await Promise.all(PACK_KIND_NAMES.map((kind) => listKind<unknown>(db, kind)));
  for (const entries of kinds) collectIcons(entries, icons);
  cached = { checksum, icons: [...icons].sort() };
  return cached.icons;
}

/** The open-source parts the app is built on, credited on `/credits` (a test checks each license against the package). */
export const SOFTWARE_CREDITS = [
  { name: "React", npm: "react", license: "MIT", url: "https://react.dev/" },
  { name: "React Router", npm: "react-router", license: "MIT", url: "https://reactrouter.com/" },
  { name: "Hono", npm: "hono", license: "MIT", url: "https://hono.dev/" },
  { name: "Tailwind CSS", npm: "tailwindcss", license: "MIT", url: "https://tailwindcss.com/" },
  { name: "Better Auth", npm: "better-auth", license: "MIT", url: "https://www.better-auth.com/" },
  { name: "Drizzle ORM", npm: "drizzle-orm", license: "Apache-2.0", url: "https://orm.drizzle.team/" },
  { name: "PGlite", npm: "@electric-sql/pglite", license: "Apache-2.0", url: "https://pglite.dev/" },
  { name: "Leaflet", npm: "leaflet", license: "BSD-2-Clause", url: "https://leafletjs.com/" },
  { name: "markdown-it", npm: "markdown-it", license: "MIT", url: "https://github.com/markdown-it/markdown-it" },
  { name: "Zod", npm: "zod", license: "MIT", url: "https://zod.dev/" },
] as const;
