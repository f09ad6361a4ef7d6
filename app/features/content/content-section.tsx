/** The content editor's section of /admin (admins): server HTML, the editor an island woken by use. */
import type { ContentVersion, DraftChange } from "../../../universal/content/content-editor-limits.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { ContentEditor } from "./content-editor.tsx";

export function ContentSection({ i18n, draft, versions }: { i18n: RouteMessages; draft: DraftChange[]; versions: ContentVersion[] }) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="content-editor" className="mt-8">
      <h2 id="content-editor" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("lead")}</p>
      <Island name="content-editor" component={ContentEditor} props={{ i18n, draft, versions }} when="used" />
    </section>
  );
}
