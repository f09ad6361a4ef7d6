import { useTranslation } from "../i18n/use-translation.tsx";
import { Link } from "react-router";

/** Every page's footer: a fan-made site, the icons' authors and license (CC BY 3.0 asks for it), the credits. */
export function SiteFooter({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={`border-t border-line py-4 text-xs text-fg-muted ${className}`}>
      <p>{t("footer.fanMade")}</p>
      <p className="mt-1">
        {t("footer.icons")}{" "}
        <a href="https://game-icons.net/" rel="noopener noreferrer" target="_blank" className="underline underline-offset-2">
          game-icons.net
        </a>{" "}
        (
        <a
          href="https://creativecommons.org/licenses/by/3.0/"
          rel="noopener noreferrer license"
          target="_blank"
          className="underline underline-offset-2"
        >
          CC BY 3.0
        </a>
        ).{" "}
        <Link to="/credits" className="underline underline-offset-2">
          {t("footer.credits")}
        </Link>
      </p>
    </footer>
  );
}
