import type { ComponentProps, ComponentType } from "react";
import type { IslandName, islands } from "../../islands.ts";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_IF_STORED_ATTRIBUTE,
  ISLAND_WHEN_ATTRIBUTE,
  type IslandWhen,
} from "./island-document.ts";

/** The component an island name stands for, as the browser's registry (`app/islands.ts`) loads it. */
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]>>;

/**
 * An interactive part of a page that can hydrate on its own (decision 025). It renders its component
 * like any other, inside an element without a box (`display: contents`) that names it and carries its
 * props as JSON. In a document served as islands, such elements are all the browser hydrates: it loads
 * each component from the registry by its name and hydrates it with these props. In a page hydrated
 * by React Router it is an ordinary component, and so is an island inside another island's component
 * (the outer one hydrates it as part of itself).
 *
 * `props` must be plain data (JSON). The component may use the translator, the root data (`useRootData`),
 * `<Link>`, `<NavLink>`, `useLocation` and `useNavigate` (a navigation loads the document), and
 * `usePageRefresh`; not the data router's own hooks (`useNavigation`, `useMatches`, fetchers, `<Form>`).
 *
 * `when="signed-in"` is for an island whose server HTML is already complete for a visitor (a star is a
 * link to sign in): it hydrates only when the page has a signed-in reader, and costs a visitor nothing.
 * `when="used"` is for one a reader may never touch (the app bar, a member's forms): it hydrates at their
 * first use of it, and a click that came first is played again (`wake-on-use.ts`, decisions 032 and
 * 042); `wakeIfStored` names the localStorage prefix of its drafts, and it hydrates as the page loads
 * when the device keeps one, so the draft shows at once. `when="visible"` is for a live part below the
 * fold (the item's market): it hydrates once it comes near the viewport (decision 038). A member's
 * islands wait as a visitor's do (decision 042): what must be live as the page loads is `signed-in`,
 * `always`, or a plain island.
 */
export function Island<N extends IslandName>({
  name,
  component,
  props,
  as: As = "div",
  when = "always",
  wakeIfStored,
}: {
  name: N;
  component: IslandComponent<N>;
  props: ComponentProps<IslandComponent<N>>;
  /** `span` for an island inside text (a paragraph may not hold a `div`). */
  as?: "div" | "span";
  when?: IslandWhen;
  /** For a `used` island: the localStorage prefix of the drafts that make it hydrate as the page loads. */
  wakeIfStored?: string;
}) {
  const Component = component as ComponentType<object>;
  const marks = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    ...(when === "always" ? {} : { [ISLAND_WHEN_ATTRIBUTE]: when }),
    ...(wakeIfStored ? { [ISLAND_WAKE_IF_STORED_ATTRIBUTE]: wakeIfStored } : {}),
  };
  return (
    <As {...marks} className="contents">
      <Component {...(props as object)} />
    </As>
  );
}
