import { Outlet } from "react-router";
import { ErrorPage } from "../features/errors/error-page.tsx";
import { AppShell } from "../features/shell/app-shell.tsx";
import { errorMeta } from "../features/errors/error-meta.ts";
import { Island } from "../shared/islands/island.tsx";
import { DefaultAppBar } from "./default-app-bar.tsx";
import type { Route } from "./+types/default";

export const meta = errorMeta;

/** Every reader wakes the app bar by using it (decisions 032 and 042); its bell is live before then, a plain island. */
const bar = <Island name="app-bar" component={DefaultAppBar} props={{}} when="used" />;

export default function DefaultLayout() {
  return (
    <AppShell bar={bar}>
      <Outlet />
    </AppShell>
  );
}

/** Errors below the layout keep the app bar and navigation, so the way on is always in reach. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell bar={bar}>
      <ErrorPage error={error} />
    </AppShell>
  );
}
