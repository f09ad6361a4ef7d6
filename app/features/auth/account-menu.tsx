import { useState } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link, useLocation } from "react-router";
import { can } from "../../../universal/auth/permissions.ts";
import { useRootData } from "../../shared/root-data.ts";
import { Avatar, Badges } from "../../shared/ui/badges.tsx";
import { UserIcon } from "../../shared/ui/icons.tsx";

/** The app bar's account slot: sign in, or the account with its badges and sign-out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const viewer = useRootData()?.viewer ?? null;
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  if (!viewer) {
    const here = location.pathname + location.search;
    const redirect = location.pathname === "/" ? "" : `?redirect=${encodeURIComponent(here)}`;
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

  return (
    <>
      <button
        type="button"
        popoverTarget="account-menu"
        className="inline-flex h-10 items-center gap-2 rounded-md px-1 text-sm font-semibold text-fg hover:bg-surface-muted sm:px-2"
      >
        <Avatar name={viewer.name} image={viewer.image} size={32} />
        <span className="hidden max-w-32 truncate md:inline">{viewer.name}</span>
        <span className="sr-only">{t("account.menu")}</span>
      </button>
      <div
        id="account-menu"
        popover="auto"
        className="inset-auto top-14 right-2 m-0 w-72 rounded-lg border border-line bg-surface p-4 text-fg shadow-lg"
      >
        <div className="flex items-center gap-3">
          <Avatar name={viewer.name} image={viewer.image} size={48} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{viewer.name}</p>
            <p className="truncate text-sm text-fg-muted">{viewer.email}</p>
          </div>
        </div>
        <Badges subject={viewer} className="mt-3" />
        <ul className="mt-4 flex flex-col gap-1 text-sm">
          <li>
            <Link to="/me" data-move-now="" className="flex min-h-10 items-center rounded-md px-2 hover:bg-surface-muted">
              {t("pages.me.nav")}
            </Link>
          </li>
          {can(viewer.role, "admin:access") ? (
            <li>
              <Link to="/admin" className="flex min-h-10 items-center rounded-md px-2 hover:bg-surface-muted">
                {t("pages.admin.nav")}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                // Loaded on use: the auth API client stays off every page's first load.
                void import("../../shared/auth/sign-out.ts").then(({ signOut }) => signOut());
              }}
              className="flex min-h-10 w-full items-center rounded-md px-2 text-left hover:bg-surface-muted"
            >
              {t("account.signOut")}
            </button>
          </li>
        </ul>
      </div>
    </>
  );
}
