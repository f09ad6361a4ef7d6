import { RulesPage } from "~/features/guides/guide-pages.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { requestContext } from "~/shared/request-context.ts";
import { listKind } from "../../../server/content/catalog.ts";
import type { Rule } from "../../../universal/content/pack-schema.ts";
import { renderMarkdown } from "../../../server/markdown/render-markdown.ts";
import type { Route } from "./+types/index";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [i18n, rules] = await Promise.all([loadRouteMessages(request, "catalog"), listKind<Rule>(db, "rules")]);
  return {
    i18n,
    language: i18n.language,
    rules: rules
      .sort((a, b) => a.order - b.order)
      .map((rule) => ({
        id: rule.id,
        name: rule.name,
        category: rule.category,
        html: renderMarkdown(localize(rule.body, i18n.language)).html,
      })),
  };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function RuleRoute({ loaderData }: Route.ComponentProps) {
  return <RulesPage {...loaderData} />;
}
