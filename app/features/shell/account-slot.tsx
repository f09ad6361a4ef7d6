import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { UserIcon } from "./icons.tsx";

/** Where the signed-in account will show; until then, the way to sign in. */
export function AccountSlot() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = location.pathname === "/" ? "" : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <Link
      to={`/login${redirect}`}
      className="inline-flex h-10 items-center gap-2 rounded-md bg-brand px-2 text-sm font-semibold text-on-brand hover:brightness-95 sm:px-3"
    >
      <UserIcon className="size-5" />
      <span className="sr-only sm:not-sr-only">{t("account.signIn")}</span>
    </Link>
  );
}
