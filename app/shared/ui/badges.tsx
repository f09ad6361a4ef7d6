import { useTranslation } from "../i18n/use-translation.tsx";

export interface BadgeSubject {
  role: string;
  tag: string;
  title: string;
  level: number;
}

const badge = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold";

/** Role, tag, title and community level; known values are translated, admin-made ones shown as written. */
export function Badges({ subject, className = "" }: { subject: BadgeSubject; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={t("badges.label")}>
      <li className={`${badge} border-accent bg-accent-soft text-fg`}>
        {t(`badges.roles.${subject.role}`, { defaultValue: subject.role })}
      </li>
      <li className={`${badge} border-line text-fg`}>
        {t("badges.tag")}: {t(`badges.values.${subject.tag}`, { defaultValue: subject.tag })}
      </li>
      <li className={`${badge} border-line text-fg`}>
        {t("badges.title")}: {t(`badges.values.${subject.title}`, { defaultValue: subject.title })}
      </li>
      <li className={`${badge} border-line text-fg`}>{t("badges.level", { level: subject.level })}</li>
    </ul>
  );
}

/** The person's photo, or their initial on the brand colour. Fixed size: no layout shift. */
export function Avatar({ name, image, size = 32 }: { name: string; image: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (image) return <img src={image} alt="" width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand font-bold text-on-brand"
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}
