import { useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { useLocation, useNavigation } from "react-router";
import { SiteFooter } from "../../shared/ui/site-footer.tsx";
import { Brand } from "./brand.tsx";
import { CloseIcon, MenuIcon, SearchIcon } from "../../shared/ui/icons.tsx";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";
import { ServerHtml } from "../../shared/page/server-html.tsx";
import { fetchAhead } from "../../shared/islands/move-in-place.ts";
import { NavMenu } from "./nav-menu.tsx";
import { SearchEntry } from "./search-entry.tsx";
import { SEARCH_OPEN_ATTRIBUTE } from "./search-shortcut.ts";
import { ThemeSwitch } from "../../shared/ui/theme-switch.tsx";
import { AnnouncementBanners } from "../../shared/announcements/announcement-banners.tsx";

const iconButton = "inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-muted";

function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
    />
  );
}

/**
 * The app bar: menu button, brand, search, language, theme and the account's part, with the drawer
 * and the small-screen search. These are native <dialog>s: focus trap, Escape and backdrop for free.
 * Their contents are rendered when they first open: a closed dialog shows nothing, and the page then
 * hydrates one navigation menu instead of two. It needs no data router, so a page served as islands
 * hydrates it as one (decision 025).
 */
export function AppBar({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const openDrawer = () => {
    flushSync(() => setDrawerUsed(true));
    drawer.current?.showModal();
    // The member's next tap is one of the menu's links: the pages it moves to in place are fetched ahead.
    if (drawer.current) fetchAhead(drawer.current);
  };
  const openSearch = () => {
    drawer.current?.close();
    flushSync(() => setSearchUsed(true));
    if (search.current?.open === false) search.current.showModal();
    document.getElementById("app-search-dialog")?.focus();
  };

  useEffect(() => {
    drawer.current?.close();
    search.current?.close();
  }, [location.key]);

  return (
    <>
      <header className="sticky top-0 z-30 border-b-2 border-brand bg-surface">
        <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
          <button type="button" className={`${iconButton} lg:hidden`} aria-haspopup="dialog" onClick={openDrawer}>
            <MenuIcon />
            <span className="sr-only">{t("nav.open")}</span>
          </button>
          <Brand />
          <div className="flex-1" />
          <SearchEntry id="app-search" className="hidden w-72 md:block" />
          <button
            type="button"
            className={`${iconButton} md:hidden`}
            aria-haspopup="dialog"
            onClick={openSearch}
            {...{ [SEARCH_OPEN_ATTRIBUTE]: "" }}
          >
            <SearchIcon />
            <span className="sr-only">{t("search.open")}</span>
          </button>
          <LanguageSwitch className="hidden sm:flex" />
          <ThemeSwitch />
          {account}
        </div>
      </header>

      <dialog
        ref={drawer}
        aria-label={t("nav.label")}
        className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-surface text-fg lg:hidden"
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {drawerUsed ? (
          <>
            <div className="flex h-14 items-center justify-between border-b border-line px-3">
              <Brand />
              <button type="button" className={iconButton} onClick={() => drawer.current?.close()}>
                <CloseIcon />
                <span className="sr-only">{t("nav.close")}</span>
              </button>
            </div>
            <div className="border-b border-line p-3 sm:hidden">
              <LanguageSwitch />
            </div>
            <NavMenu onNavigate={() => drawer.current?.close()} />
          </>
        ) : null}
      </dialog>

      <dialog
        ref={search}
        aria-label={t("search.label")}
        className="mx-auto mt-2 w-[min(36rem,calc(100vw-1rem))] rounded-lg bg-surface p-3 text-fg md:hidden"
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {searchUsed ? (
          <div className="flex items-start gap-2">
            <SearchEntry id="app-search-dialog" variant="dialog" className="min-w-0 flex-1" />
            <button type="button" className={iconButton} onClick={() => search.current?.close()}>
              <CloseIcon />
              <span className="sr-only">{t("search.close")}</span>
            </button>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/**
 * The `default` layout: the app bar (`bar`), the navigation (permanent from `lg`, the bar's drawer
 * below it) and the page.
 */
export function AppShell({ children, bar }: { children: ReactNode; bar: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("nav.skipToContent")}
      </a>
      <NavigationProgress />
      {bar}
      <div className="lg:grid lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block">
          <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-r border-line bg-surface">
            <ServerHtml>
              <NavMenu />
            </ServerHtml>
          </div>
        </aside>
        <div className="flex min-w-0 flex-col">
          <ServerHtml>
            <AnnouncementBanners />
          </ServerHtml>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 sm:px-6 lg:px-8">
            {children}
          </main>
          <ServerHtml>
            <SiteFooter className="px-4 sm:px-6 lg:px-8" />
          </ServerHtml>
        </div>
      </div>
    </>
  );
}
