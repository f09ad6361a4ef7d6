/**
 * The team's announcements running now, above every page's content: server HTML, with a few lines
 * of plain script each (no React, none of the page's code) that hide one this device dismissed before
 * it is painted, and remember a dismissal (localStorage). A cached visitor page shows them too: which
 * announcements run is part of the render cache's key.
 */
import { DISMISSED_BANNERS_KEY, type Banner } from "../../../universal/announcements/announcement-limits.ts";
import { useTranslation } from "../i18n/use-translation.tsx";
import { useNonce } from "../nonce.tsx";
import { useRootData } from "../root-data.ts";

/** The banner's script: run as the parser reaches it, just after the banner's button. */
export function bannerScript(id: number): string {
  return `(function(){var b=document.currentScript.parentElement,k=${JSON.stringify(DISMISSED_BANNERS_KEY)},i=${id};function l(){try{var v=JSON.parse(localStorage.getItem(k)||"[]");return Array.isArray(v)?v:[]}catch(_){return[]}}if(l().indexOf(i)>=0)b.hidden=true;b.querySelector("[data-dismiss]").addEventListener("click",function(){var d=l().filter(function(x){return x!==i});d.push(i);try{localStorage.setItem(k,JSON.stringify(d.slice(-50)))}catch(_){}b.hidden=true})})()`;
}

export function AnnouncementBanners({ banners: given }: { banners?: Banner[] }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const root = useRootData();
  const banners = given ?? root?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <section aria-label={t("announcements.label")} className="flex flex-col gap-2 px-4 pt-3 sm:px-6 lg:px-8">
      {banners.map((banner) => (
        <div
          key={banner.id}
          data-banner={banner.id}
          className="flex items-start gap-3 rounded-lg border border-brand bg-accent-soft px-3 py-2 text-sm text-fg"
        >
          <p className="min-w-0 flex-1 py-1 break-words">{banner.text}</p>
          <button
            type="button"
            data-dismiss=""
            aria-label={t("announcements.dismiss")}
            className="grid size-8 shrink-0 place-items-center rounded-md hover:bg-surface-muted"
          >
            <span aria-hidden="true">×</span>
          </button>
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bannerScript(banner.id) }} />
        </div>
      ))}
    </section>
  );
}
