/**
 * `/me`: the member's profile, contribution, settings, notification choices, devices, password and
 * data. Served as islands (decision 042): the page is server HTML; each form is an island the member
 * wakes by using it (`me-forms.tsx`), and the notification choices are the notifications feature's.
 */
import type { TFunction } from "../../shared/i18n/translator.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { levelForPoints, MAX_CONTRIBUTION_LEVEL, pointsForLevel } from "../../../universal/contribution/contribution-levels.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Avatar, Badges } from "../../shared/ui/badges.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import type { Device } from "../../../server/profile/devices.ts";
import {
  ME_AUTH_MESSAGES,
  ME_DATA_MESSAGES,
  ME_DIRECTORY_MESSAGES,
  ME_PROFILE_MESSAGES,
  ME_SECURITY_MESSAGES,
  ME_SETTINGS_MESSAGES,
  MeData,
  MeDirectory,
  MeProfile,
  MeSection,
  MeSettings,
  meCard as card,
} from "./me-forms.tsx";
import { MeSecurity } from "./me-security.tsx";

export interface MeProfile {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  role: string;
  tag: string;
  title: string;
  level: number;
  createdAt: number;
}

/** The level the member's points reached and how far the next one is (the curve is on /level). */
function ContributionProgress({ points, language, t }: { points: number; language: Language; t: TFunction }) {
  const id = "me-section-contribution";
  const level = levelForPoints(points);
  const number = numberFormat(language);
  const floor = pointsForLevel(level);
  const top = level < MAX_CONTRIBUTION_LEVEL ? pointsForLevel(level + 1) : null;
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-2 text-lg font-bold">
        {t("contribution.title")}
      </h2>
      <p className="text-sm">{t("contribution.summary", { level: number.format(level), points: number.format(points) })}</p>
      {top === null ? (
        <p className="mt-2 text-sm text-fg-muted">{t("contribution.maxLevel")}</p>
      ) : (
        <>
          <progress
            className="mt-3 h-2 w-full accent-brand"
            max={top - floor}
            value={points - floor}
            aria-label={t("contribution.progressLabel", { level: number.format(level + 1) })}
          />
          <p className="mt-1 text-sm text-fg-muted">
            {t("contribution.toNext", { count: top - points, points: number.format(top - points), level: number.format(level + 1) })}
          </p>
        </>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <Link to="/level#contribution" className="inline-flex min-h-11 items-center text-link underline">
          {t("contribution.howItWorks")}
        </Link>
        <Link to="/users" className="inline-flex min-h-11 items-center text-link underline">
          {t("contribution.ranking")}
        </Link>
      </p>
    </section>
  );
}

export interface MePageProps {
  i18n: RouteMessages;
  authI18n: RouteMessages;
  /** The notification choices (the notifications feature's island). */
  notifications: ReactNode;
  profile: MeProfile;
  language: Language;
  passwordMinLength: number;
  /** Without one (a social or OpenID account), a fresh sign-in confirms the deletion instead. */
  hasPassword: boolean;
  /** Whether the profile is shown in the member directory (`/users`). */
  listed: boolean;
  /** Contribution points so far: they set the level (universal/contribution). */
  points: number;
  /** The account's signed-in devices, and this browser's among them. */
  devices: Device[];
  currentDevice: string | null;
}

export function MePage({
  i18n,
  authI18n,
  notifications,
  profile,
  language,
  passwordMinLength,
  hasPassword,
  listed,
  points,
  devices,
  currentDevice,
}: MePageProps) {
  const { t } = useRouteMessages(i18n);
  const name = profile.displayName ?? profile.email ?? "";
  const since = formatDate(profile.createdAt, language, { date: "long" });
  const auth = pickMessages(authI18n, ME_AUTH_MESSAGES);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <Breadcrumbs />
      <header id="me-header" className={`${card} flex flex-col items-start gap-4 sm:flex-row sm:items-center`}>
        <Avatar name={name} image={profile.photoURL} size={80} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{name}</h1>
          <p className="text-sm text-fg-muted">
            {profile.email} · {t("profile.memberSince", { date: since })}
          </p>
          <Badges subject={profile} className="mt-2" />
        </div>
      </header>

      <ContributionProgress points={points} language={language} t={t} />

      <MeSection id="profile" title={t("profile.title")}>
        <Island
          name="me-profile"
          component={MeProfile}
          props={{ i18n: pickMessages(i18n, ME_PROFILE_MESSAGES), authI18n: auth, displayName: profile.displayName ?? "" }}
          when="used"
        />
      </MeSection>

      <MeSection id="directory" title={t("directory.title")}>
        <Island
          name="me-directory"
          component={MeDirectory}
          props={{ i18n: pickMessages(i18n, ME_DIRECTORY_MESSAGES), authI18n: auth, uid: profile.uid, listed }}
          when="used"
        />
      </MeSection>

      <MeSection id="settings" title={t("settings.title")}>
        <Island name="me-settings" component={MeSettings} props={{ i18n: pickMessages(i18n, ME_SETTINGS_MESSAGES) }} when="used" />
      </MeSection>

      <MeSection id="notifications" title={t("notifications.title")}>
        {notifications}
      </MeSection>

      <Island
        name="me-security"
        component={MeSecurity}
        props={{
          i18n: pickMessages(i18n, ME_SECURITY_MESSAGES),
          authI18n: auth,
          language,
          devices,
          current: currentDevice,
          hasPassword,
          passwordMinLength,
        }}
        when="used"
      />

      <Island
        name="me-data"
        component={MeData}
        props={{ i18n: pickMessages(i18n, ME_DATA_MESSAGES), authI18n: auth, hasPassword }}
        when="used"
      />
    </div>
  );
}
