import { Outlet } from "react-router";
import { ErrorPage } from "../features/errors/error-page.tsx";
import { AccountMenu } from "../features/auth/account-menu.tsx";
import { AppShell } from "../features/shell/app-shell.tsx";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { errorMeta } from "../features/errors/error-meta.ts";
import type { Route } from "./+types/default";

export const meta = errorMeta;

export default function DefaultLayout() {
  return (
    <AppShell
      account={
        <>
          <NotificationBell />
          <AccountMenu />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}

/** Errors below the layout keep the app bar and navigation, so the way on is always in reach. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell
      account={
        <>
          <NotificationBell />
          <AccountMenu />
        </>
      }
    >
      <ErrorPage error={error} />
    </AppShell>
  );
}
