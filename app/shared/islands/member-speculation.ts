/**
 * A member's next page, prerendered on intent (decision 043): the speculation rules a signed-in
 * member's islands document carries. The browser prerenders a link to one of the member's everyday
 * pages when the member shows intent (a pointer resting on it for a moment; on Android, a link in view
 * that the member is likely to tap), at most two at a time, and shows the prerendered page at once on
 * the tap. The pages' loaders only read, and a prerendered page runs none of its code until it is shown
 * (`startEntryAfterFirstPaint`), so a page prerendered and never shown changes nothing.
 */

/** The member's everyday pages, as URL pattern pathnames (any query). */
export const MEMBER_SPECULATION_PATHNAMES = ["/me{/*}?", "/chat", "/feed", "/notification"] as const;

/** Links never speculated: a download, another window, or one marked so. */
const NEVER = "[download], [target], [data-no-speculation]";

export interface SpeculationRules {
  prerender: {
    where: { and: [{ or: { href_matches: { pathname: string } }[] }, { not: { selector_matches: string } }] };
    eagerness: "moderate";
  }[];
}

export function memberSpeculationRules(): SpeculationRules {
  return {
    prerender: [
      {
        where: {
          and: [
            { or: MEMBER_SPECULATION_PATHNAMES.map((pathname) => ({ href_matches: { pathname } })) },
            { not: { selector_matches: NEVER } },
          ],
        },
        eagerness: "moderate",
      },
    ],
  };
}
