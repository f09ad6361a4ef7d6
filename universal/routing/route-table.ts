/**
 * Every page of the app (37 routes), in one table: its path, the route module, the section it
 * belongs to in the navigation, its layout and the named guards it carries. `app/routes.ts`
 * builds the router from it; the navigation, breadcrumbs and tests read it too.
 */
export type Section = "reference" | "community" | "personal" | "admin";
export type LayoutName = "default" | "none";

export interface PageEntry {
  /** Route id and translation key (`pages.<key>.title`). */
  readonly key: string;
  readonly path: string;
  /** Route module, relative to `app/`. */
  readonly file: string;
  readonly section: Section;
  readonly layout: LayoutName;
  /** The list page a detail page belongs to (breadcrumbs). */
  readonly parent?: string;
  /** Named route middleware, resolved through the guard registry. */
  readonly middleware?: readonly string[];
  /** Shown in the navigation menu (detail pages need an id and are not). */
  readonly inNav: boolean;
}

const page = (
  key: string,
  path: string,
  section: Section,
  options: Partial<Pick<PageEntry, "layout" | "parent" | "middleware" | "inNav">> = {},
): PageEntry => {
  const folder = path === "/" ? "home" : path.slice(1);
  const file = path === "/" ? "routes/home.tsx" : options.parent ? `routes/${folder}.tsx` : `routes/${folder}/index.tsx`;
  return {
    key,
    path,
    file,
    section,
    layout: options.layout ?? "default",
    parent: options.parent,
    middleware: options.middleware,
    inNav: options.inNav ?? !options.parent,
  };
};

export const pages: readonly PageEntry[] = [
  // Reference
  page("class", "/class", "reference"),
  page("equipmentsItems", "/equipments-items", "reference"),
  page("equipmentsItemsDetail", "/equipments-items/detail", "reference", { parent: "equipmentsItems" }),
  page("craft", "/craft", "reference"),
  page("craftDetail", "/craft/detail", "reference", { parent: "craft" }),
  page("mounts", "/mounts", "reference"),
  page("mountsDetail", "/mounts/detail", "reference", { parent: "mounts" }),
  page("pets", "/pets", "reference"),
  page("rune", "/rune", "reference"),
  page("talisman", "/talisman", "reference"),
  page("season", "/season", "reference"),
  page("seasonDetail", "/season/detail", "reference", { parent: "season" }),
  page("level", "/level", "reference"),
  page("guide", "/guide", "reference"),
  page("rule", "/rule", "reference"),
  page("event", "/event", "reference", { layout: "none" }),
  page("district", "/district", "reference"),
  page("manor", "/manor", "reference"),
  // Community
  page("home", "/", "community"),
  page("feed", "/feed", "community"),
  page("chat", "/chat", "community"),
  page("clan", "/clan", "community"),
  page("rating", "/rating", "community"),
  page("bplayer", "/bplayer", "community"),
  page("users", "/users", "community"),
  page("notification", "/notification", "community"),
  page("favorites", "/favorites", "community"),
  // Personal area
  page("me", "/me", "personal", { middleware: ["signedIn"] }),
  page("meBag", "/me/bag", "personal", { middleware: ["signedIn"] }),
  page("meBagDetail", "/me/bag/detail", "personal", { parent: "meBag", middleware: ["signedIn"] }),
  page("meNote", "/me/note", "personal", { middleware: ["signedIn"] }),
  page("meNoteDetail", "/me/note/detail", "personal", { parent: "meNote", middleware: ["signedIn"] }),
  page("meMakeOffer", "/me/make-offer", "personal", { middleware: ["signedIn"] }),
  page("meMakeOfferDetail", "/me/make-offer/detail", "personal", { parent: "meMakeOffer", middleware: ["signedIn"] }),
  page("meTax", "/me/tax", "personal", { middleware: ["signedIn"] }),
  // Admin
  page("admin", "/admin", "admin", { middleware: ["auth"] }),
  // Sign-in, outside the navigation
  page("login", "/login", "personal", { layout: "none", inNav: false }),
];

export const sections: readonly Section[] = ["reference", "community", "personal", "admin"];

const byKey = new Map(pages.map((entry) => [entry.key, entry]));

export function findPage(key: string): PageEntry | undefined {
  return byKey.get(key);
}
