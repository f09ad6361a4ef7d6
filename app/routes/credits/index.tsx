import { CreditsPage } from "~/features/credits/credits-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { gameIconCount } from "../../../server/content/icons.ts";
import { packIcons, SOFTWARE_CREDITS } from "../../../server/content/credits.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => metaFor("credits", args);

/** `/credits`: the icons' authors and license, the demo world, the open-source software. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const [i18n, icons] = await Promise.all([loadRouteMessages(request, "credits"), packIcons(db)]);
  return { i18n, icons, iconTotal: gameIconCount(), software: SOFTWARE_CREDITS };
}

export default function CreditsRoute({ loaderData }: Route.ComponentProps) {
  return <CreditsPage {...loaderData} />;
}
