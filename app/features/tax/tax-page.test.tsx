import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import commonVi from "../../../locales/vi/common.json" with { type: "json" };
import taxVi from "../../../locales/vi/tax.json" with { type: "json" };
import { firstRows } from "../../shared/routing/first-rows.ts";
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import { TranslationProvider } from "../../shared/i18n/use-translation.tsx";
import { TAX_LEDGER_FIRST_ROWS, TAX_LEDGER_LINES, TAX_LEDGER_MORE_ID, type LedgerEntry } from "../../../universal/tax/tax-limits.ts";
import { TaxPage } from "./tax-page.tsx";

const NOW = Date.UTC(2026, 11, 4);

function entry(id: number): LedgerEntry {
  return {
    id,
    offerId: null,
    side: id % 2 ? "sell" : "buy",
    itemId: null,
    itemName: null,
    label: `Dòng ${id}`,
    quantity: 1,
    unitPrice: 100 * id,
    rateId: null,
    rateBasisPoints: 0,
    tax: 0,
    net: 100 * id,
    occurredAt: NOW - id * 60_000,
  };
}

const ledger = Array.from({ length: TAX_LEDGER_FIRST_ROWS + 12 }, (_, index) => entry(index + 1));

/** The page as the loader gives it for `address`: the first lines or every one, by the same `firstRows`. */
function render(address: string): string {
  const { shown, count, allHref } = firstRows(ledger, new URL(address, "http://localhost"), TAX_LEDGER_LINES);
  const totals = { sales: 0, tax: 0, net: 0, purchases: 0, count: ledger.length };
  const translator = translatorFor({ language: "vi", resources: { common: commonVi } });
  const Stub = createRoutesStub([
    {
      path: "/me/tax",
      Component: () => (
        <TranslationProvider translator={translator}>
          <TaxPage
            i18n={{ language: "vi", namespace: "tax", messages: taxVi }}
            places={[]}
            entries={shown}
            listed={count}
            allHref={allHref}
            totals={totals}
            weeks={[]}
            months={[]}
          />
        </TranslationProvider>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[address]} />);
}

const shownLines = (html: string) => [...html.matchAll(/Dòng (\d+)</g)].map((match) => Number(match[1]));

describe("/me/tax's ledger lines", () => {
  it("shows the newest lines first, says how many there are and links to every one", () => {
    const html = render("/me/tax?by=month");
    expect(shownLines(html)).toEqual(ledger.slice(0, TAX_LEDGER_FIRST_ROWS).map((line) => line.id));
    expect(html).toContain(`Đang hiện ${TAX_LEDGER_FIRST_ROWS} giao dịch mới nhất trong số ${ledger.length}.`);
    expect(html).toContain(`href="/me/tax?by=month&amp;lines=all#${TAX_LEDGER_MORE_ID}"`);
    expect(html).toContain(`Xem tất cả ${ledger.length} giao dịch`);
    expect(html).not.toContain(`id="${TAX_LEDGER_MORE_ID}"`);
  });

  it("shows every line when asked, the first past the first ones marked for the link to land on", () => {
    const html = render("/me/tax?lines=all");
    expect(shownLines(html)).toEqual(ledger.map((line) => line.id));
    expect(html).toMatch(new RegExp(`<li id="${TAX_LEDGER_MORE_ID}"[^>]*>.*?Dòng ${TAX_LEDGER_FIRST_ROWS + 1}<`));
    expect(html).not.toContain("lines=all");
    expect(html).not.toContain(`data-testid="ledger-partial"`);
  });
});
