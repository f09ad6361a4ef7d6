import { useId } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { isLanguage, languages } from "../../../universal/i18n/languages.ts";
import { useSwitchLanguage } from "../i18n/use-language.ts";

export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const id = useId();
  return (
    <div className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLanguage(value)) void switchLanguage(value);
        }}
        className="h-10 rounded-md border border-line bg-surface px-2 text-sm text-fg"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
