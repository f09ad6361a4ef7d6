import { AdminHome, adminSections } from "~/features/admin/admin-home.tsx";
import { can } from "../../../universal/auth/permissions.ts";
import { guarded, middlewareFor } from "~/shared/routing/guards.ts";
import { requestContext } from "~/shared/request-context.ts";
import { readOutbox } from "../../../server/mail/read-outbox.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("admin");

/** The sections this viewer may use: moderators see moderation only. */
export const loader = guarded(async ({ context }: Route.LoaderArgs) => {
  const { viewer, db } = context.get(requestContext);
  const role = viewer?.role ?? null;
  return { sections: adminSections(role), outbox: can(role, "mail:read-outbox") ? await readOutbox(db) : [] };
});

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminHome sections={loaderData.sections} outbox={loaderData.outbox} />;
}
