/** Light and dark themes; the stored choice overrides the system preference. */
export const themes = { light: "MinithingsLight", dark: "MinithingsDark" } as const;
export type ThemeChoice = "system" | "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "system" || value === "light" || value === "dark";
}

/**
 * Runs inline in <head> before first paint, so the page never flashes the wrong theme.
 * Kept tiny and dependency-free; `applyTheme` below does the same after hydration.
 */
export const themeBootScript = `(function(){try{var c=localStorage.getItem("${THEME_STORAGE_KEY}");var d=c==="dark"||(c!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.dataset.theme=d?"${themes.dark}":"${themes.light}";e.style.colorScheme=d?"dark":"light"}catch(_){}})()`;

export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === "dark" || (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.dataset.theme = dark ? themes.dark : themes.light;
  root.style.colorScheme = dark ? "dark" : "light";
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

const THEME_EVENT = "minithings:theme";

export function storeThemeChoice(choice: ThemeChoice): void {
  if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
  else localStorage.setItem(THEME_STORAGE_KEY, choice);
  applyTheme(choice);
  dispatchEvent(new Event(THEME_EVENT));
}

/** For `useSyncExternalStore`: the stored choice changes here or in another tab. */
export function subscribeThemeChoice(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      applyTheme(readThemeChoice());
      onChange();
    }
  };
  addEventListener(THEME_EVENT, onChange);
  addEventListener("storage", onStorage);
  return () => {
    removeEventListener(THEME_EVENT, onChange);
    removeEventListener("storage", onStorage);
  };
}
