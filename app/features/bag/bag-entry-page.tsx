/** `/me/bag/detail?id=`: one entry of the member's bag; its editor is an island the member wakes by using it. */
import { Link } from "react-router";
import type { BagEntry } from "../../../universal/bag/bag-limits.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { BAG_ENTRY_MESSAGES, BagEntryEditor } from "./bag-entry-editor.tsx";

export function BagEntryPage({ i18n, entry }: { i18n: RouteMessages; entry: BagEntry }) {
  const { t } = useRouteMessages(i18n);
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs current={localize(entry.item.name, i18n.language)} />
      <p className="mb-2">
        <Link to="/me/bag" className="inline-flex min-h-10 items-center font-semibold text-link underline underline-offset-2">
          ← {t("detail.back")}
        </Link>
      </p>
      <Island name="bag-entry" component={BagEntryEditor} props={{ i18n: pickMessages(i18n, BAG_ENTRY_MESSAGES), entry }} when="used" />
    </div>
  );
}
