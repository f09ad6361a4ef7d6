import { Brand } from "./brand.tsx";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";
import { ThemeSwitch } from "../../shared/ui/theme-switch.tsx";

/** The top of a `none`-layout page: the way home, language and theme, nothing else. */
export function MinimalHeader() {
  return (
    <header className="flex h-14 items-center gap-2 px-3 sm:px-6">
      <Brand />
      <div className="flex-1" />
      <LanguageSwitch />
      <ThemeSwitch />
    </header>
  );
}
