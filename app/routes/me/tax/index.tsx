import { guarded, middlewareFor } from "~/shared/routing/guards.ts";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";
export { PlaceholderPage as default } from "~/features/shell/placeholder-page.tsx";

export const middleware = middlewareFor("meTax");

/** Server middleware runs on client navigations only for routes with a loader; `guarded` answers its refusals. */
export const loader = guarded(() => null);
