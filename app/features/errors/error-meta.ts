import type { MetaDescriptor } from "react-router";
import { translatorFor } from "../../shared/i18n/page-translator.ts";
import type { PageMetaArgs } from "../../shared/page/page-meta.ts";
import { rootDataFromMatches } from "../../shared/root-data.ts";
import { describeError, errorTitle } from "./error-page.tsx";

/** `meta` for a route with an error boundary: when it shows an error, the title names the error. */
export function errorMeta(args: PageMetaArgs): MetaDescriptor[] {
  if (!args.error) return [];
  const root = rootDataFromMatches(args.matches);
  if (!root) return [{ title: describeError(args.error).status === 404 ? "Page Not Found" : "Internal Server Error" }];
  return [{ title: errorTitle(args.error, translatorFor(root.i18n).bind(), root.appTitle) }, { name: "robots", content: "noindex" }];
}
