import { redirect } from "react-router";
import { LoginPage } from "~/features/auth/login-page.tsx";
import { MinimalHeader } from "~/features/shell/minimal-header.tsx";
import { loadRouteMessages } from "~/shared/i18n/route-messages.ts";
import { safeRedirectPath } from "../../../universal/navigation/safe-navigation.ts";
import { requestContext } from "~/shared/request-context.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { viewer, authProviders, passwordMinLength, signUpsOpen } = context.get(requestContext);
  // Already signed in: straight on to where the visitor was going (same-origin paths only).
  if (viewer && !url.searchParams.has("mode")) throw redirect(safeRedirectPath(url.searchParams.get("redirect"), url.origin));
  return { i18n: await loadRouteMessages(request, "auth"), providers: authProviders, passwordMinLength, signUpsOpen };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <MinimalHeader />
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <LoginPage {...loaderData} />
      </main>
    </div>
  );
}
