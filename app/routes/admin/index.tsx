import { AdminHome, adminSections } from "~/features/admin/admin-home.tsx";
import { guarded, middlewareFor } from "~/shared/routing/guards.ts";
import { requestContext } from "~/shared/request-context.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("admin");

/** The sections this viewer may use: moderators see moderation only. */
export const loader = guarded(({ context }: Route.LoaderArgs) => {
  const { viewer } = context.get(requestContext);
  return { sections: adminSections(viewer?.role ?? null) };
});

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminHome sections={loaderData.sections} />;
}
