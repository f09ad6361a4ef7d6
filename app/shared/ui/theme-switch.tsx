import { useTranslation } from "../i18n/use-translation.tsx";
import { storeThemeChoice } from "../theme/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

/**
 * Toggles between MinithingsLight and MinithingsDark. Both icons are rendered and CSS shows the
 * right one, so the server's HTML matches whatever theme the boot script chose.
 */
export function ThemeSwitch() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => storeThemeChoice(document.documentElement.classList.contains("dark") ? "light" : "dark")}
      className="inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-muted"
    >
      <span className="sr-only dark:hidden">{t("theme.toDark")}</span>
      <span className="sr-only hidden dark:inline">{t("theme.toLight")}</span>
      <MoonIcon className="size-5 dark:hidden" />
      <SunIcon className="hidden size-5 dark:block" />
    </button>
  );
}
