import { TaxPage } from "~/features/tax/tax-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { requestContext } from "~/shared/request-context.ts";
import { firstRows } from "~/shared/routing/first-rows.ts";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { calculatorRevalidation } from "~/shared/routing/should-revalidate.ts";
import { listTaxPlaces, readLedger } from "../../../../server/tax/tax.ts";
import { TAX_LEDGER_LINES } from "../../../../universal/tax/tax-limits.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("meTax");

/** The calculator (`price`, `qty`, `place`) and the period (`by`) compute in the browser: typing never asks the server. */
export const shouldRevalidate = calculatorRevalidation();

/**
 * `/me/tax`: the pack's places and rates, and the member's ledger with its completed offers copied in:
 * its newest lines (the first `TAX_LEDGER_FIRST_ROWS`, every listed one with `?lines=all`), and totals
 * and periods of all.
 */
export const loader = guarded(async ({ request, url, context }: Route.LoaderArgs) => {
  const { db } = context.get(requestContext);
  const viewer = requireViewer(context);
  const [i18n, places, { entries, ...ledger }] = await Promise.all([
    loadRouteMessages(request, "tax"),
    listTaxPlaces(db),
    readLedger(db, viewer),
  ]);
  const { shown, count, allHref } = firstRows(entries, url, TAX_LEDGER_LINES);
  return { i18n, places, entries: shown, listed: count, allHref, ...ledger };
});

/** Served as islands: the calculator and the add form hydrate when the member uses them, the periods near the viewport. */
export const handle = islandsHandle;

export default function Tax({ loaderData }: Route.ComponentProps) {
  return <TaxPage {...loaderData} />;
}
