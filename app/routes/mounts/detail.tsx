import { MountDetailPage } from "~/features/collections/mount-detail-page.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { localize } from "~/shared/i18n/localize.ts";
import { metaFor } from "~/shared/page/page-meta.ts";
import { requestContext } from "~/shared/request-context.ts";
import { notFound } from "~/shared/routing/not-found.ts";
import { getEntry } from "../../../server/content/catalog.ts";
import { entryIdParam, sourceNames } from "../../../server/content/collections.ts";
import type { Mount } from "../../../universal/content/pack-schema.ts";
import type { Route } from "./+types/detail";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";

export const meta: Route.MetaFunction = (args) =>
  metaFor(
    "mountsDetail",
    args,
    args.loaderData
      ? {
          title: localize(args.loaderData.mount.name, args.loaderData.language),
          description: localize(args.loaderData.mount.description, args.loaderData.language),
        }
      : undefined,
  );

/** `?id=` names the mount; an unknown or missing id is a 404 like any unknown page. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { db } = context.get(requestContext);
  const id = entryIdParam(url.searchParams);
  const mount = id ? await getEntry<Mount>(db, "mounts", id) : null;
  if (!mount) notFound(url);
  const [i18n, catalogI18n, sources] = await Promise.all([
    loadRouteMessages(request, "collections"),
    loadRouteMessages(request, "catalog"),
    sourceNames(db, mount.obtain),
  ]);
  return { i18n, catalogI18n, language: i18n.language, mount, sources };
}

/** Served as islands (decision 025): only its interactive parts hydrate. */
export const handle = islandsHandle;

export default function MountsDetail({ loaderData }: Route.ComponentProps) {
  return <MountDetailPage {...loaderData} />;
}
