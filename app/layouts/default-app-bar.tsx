import { AccountMenu } from "../features/auth/account-menu.tsx";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { AppBar } from "../features/shell/app-shell.tsx";
import { Island } from "../shared/islands/island.tsx";
import { useRootData } from "../shared/root-data.ts";

/**
 * The default layout's app bar with the account's part: one island (decision 025), which every reader
 * wakes by using it (decision 042). The bell inside it is a plain island too, live before then.
 */
export function DefaultAppBar() {
  const signedIn = Boolean(useRootData()?.viewer);
  return (
    <AppBar
      account={
        <>
          {signedIn ? <Island name="unread-bell" component={NotificationBell} props={{}} as="span" /> : null}
          <AccountMenu />
        </>
      }
    />
  );
}
