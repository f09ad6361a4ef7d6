import { AccountMenu } from "../features/auth/account-menu.tsx";
import { NotificationBell } from "../features/notifications/notification-bell.tsx";
import { AppBar } from "../features/shell/app-shell.tsx";

/** The default layout's app bar with the account's part: one island (decision 025). */
export function DefaultAppBar() {
  return (
    <AppBar
      account={
        <>
          <NotificationBell />
          <AccountMenu />
        </>
      }
    />
  );
}
