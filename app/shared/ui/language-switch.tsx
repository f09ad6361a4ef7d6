import { useId } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";
import { isLanguage, languages } from "../../../universal/i18n/languages.ts";
import { useSwitchLanguage } from "../i18n/use-language.ts";

/** `id`: a fixed id for the list, where it is in an island woken later (whose `useId` would differ from the server's). */
export function LanguageSwitch({ className = "", id: fixedId }: { className?: string; id?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const generatedId = useId();
  const id = fixedId ?? generatedId;
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
