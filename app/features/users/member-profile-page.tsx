import { LazyReportDialog } from "../../shared/moderation/lazy-report-dialog.tsx";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Language } from "../../../universal/i18n/languages.ts";
import type { ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import type { PublicMember } from "../../../universal/users/users-limits.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { Avatar, Badges } from "../../shared/ui/badges.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { PostThumbnail } from "../../shared/ui/post-thumbnail.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";

/** Loaded when a member opens it: pages that are only read never pay for the dialog. */

const button = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";

export interface MemberProfileProps {
  i18n: RouteMessages;
  /** The moderation namespace, for the report dialog; null when members cannot be reported yet. */
  moderationI18n: RouteMessages | null;
  language: Language;
  member: PublicMember;
  viewer: { uid: string } | null;
  /** The viewer's own profile while it is hidden from the directory. */
  hidden: boolean;
  /** A page of the member's visible posts, newest first (`?posts=` the cursor). */
  posts: { items: ProfilePost[]; nextCursor: string | null; paged: boolean };
  /** The member's published guides, newest first. */
  guides: ProfileGuide[];
}

/** A post as the profile lists it: its words without markdown, shortened. */
export interface ProfilePost {
  id: number;
  lang: string;
  excerpt: string;
  image: { url: string; width: number; height: number } | null;
  likes: number;
  comments: number;
  createdAt: number;
}

export interface ProfileGuide {
  id: number;
  href: string;
  title: string;
  language: string;
  publishedAt: number;
}

const card = "rounded-xl border border-line bg-surface p-5";
const pageLink = "inline-flex min-h-11 items-center text-link underline underline-offset-2";

function MemberPosts({
  uid,
  name,
  posts,
  language,
  t,
}: {
  uid: string;
  name: string;
  posts: MemberProfileProps["posts"];
  language: Language;
  t: TFunction;
}) {
  const profile = `/users?id=${encodeURIComponent(uid)}`;
  return (
    <section aria-labelledby="member-posts" className={`${card} flex flex-col gap-3`}>
      <h2 id="member-posts" className="text-lg font-bold">
        {t("profile.posts.title")}
      </h2>
      {posts.items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t(posts.paged ? "profile.posts.noMore" : "profile.posts.none", { name })}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby="member-posts">
          {posts.items.map((post) => (
            <li key={post.id}>
              <Link to={`/feed?id=${post.id}`} className="flex gap-3 rounded-lg border border-line p-3 hover:bg-surface-muted">
                <span className="min-w-0 flex-1">
                  <span lang={post.lang} className="line-clamp-3 block break-words">
                    {post.excerpt}
                  </span>
                  <span className="mt-1 block text-xs text-fg-muted">
                    <ReaderTime at={post.createdAt} language={language} style="medium" /> ·{" "}
                    {t("profile.posts.likes", { count: post.likes })} · {t("profile.posts.comments", { count: post.comments })}
                  </span>
                </span>
                <PostThumbnail image={post.image} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {posts.nextCursor || posts.paged ? (
        <nav aria-label={t("profile.posts.pages")} className="flex flex-wrap gap-x-5">
          {posts.paged ? (
            <Link to={profile} preventScrollReset className={pageLink}>
              {t("profile.posts.newest")}
            </Link>
          ) : null}
          {posts.nextCursor ? (
            <Link to={`${profile}&posts=${encodeURIComponent(posts.nextCursor)}`} preventScrollReset className={pageLink}>
              {t("profile.posts.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function MemberGuides({ name, guides, language, t }: { name: string; guides: ProfileGuide[]; language: Language; t: TFunction }) {
  return (
    <section aria-labelledby="member-guides" className={`${card} flex flex-col gap-3`}>
      <h2 id="member-guides" className="text-lg font-bold">
        {t("profile.guides.title")}
      </h2>
      {guides.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("profile.guides.none", { name })}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby="member-guides">
          {guides.map((guide) => (
            <li key={guide.id} className="flex flex-col">
              <Link
                to={guide.href}
                lang={guide.language}
                className="inline-flex min-h-11 items-center font-semibold text-link underline underline-offset-2"
              >
                {guide.title}
              </Link>
              <span className="text-xs text-fg-muted">
                {t("profile.guides.published", { date: formatDate(guide.publishedAt, language, { date: "long" }) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DirectMessageButton({ uid, t }: { uid: string; t: (key: string) => string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "opening" | "failed" | "blocked">("idle");

  async function open() {
    setState("opening");
    const opened = await import("./open-direct-room.ts").then(
      (module) => module.openDirectRoom(uid),
      () => ({ status: 0 }),
    );
    if ("status" in opened) {
      setState(opened.status === 403 ? "blocked" : "failed");
      return;
    }
    await navigate(opened.path);
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={open}
        disabled={state === "opening"}
        className={`${button} bg-brand text-on-brand disabled:opacity-60`}
      >
        {state === "opening" ? t("profile.opening") : t("profile.message")}
      </button>
      {state === "failed" || state === "blocked" ? (
        <p role="alert" className="text-sm">
          {t(state === "blocked" ? "profile.messageBlocked" : "profile.messageFailed")}
        </p>
      ) : null}
    </div>
  );
}

function ReportButton({ uid, moderationI18n, label }: { uid: string; moderationI18n: RouteMessages; label: string }) {
  useRouteMessages(moderationI18n);
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setTarget({ kind: "member", id: uid })}
        className={`${button} border border-line hover:bg-surface-muted`}
      >
        {label}
      </button>
      <LazyReportDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/** A member's public profile: photo, name, badges, member since, what others may do (message, report), their posts and published guides. */
export function MemberProfilePage({ i18n, moderationI18n, language, member, viewer, hidden, posts, guides }: MemberProfileProps) {
  const { t } = useRouteMessages(i18n);
  const own = viewer?.uid === member.uid;
  const back = `/users?id=${encodeURIComponent(member.uid)}`;

  return (
    <div className="mx-auto max-w-3xl">
      <EntryBreadcrumbs listKey="users" current={member.displayName} />
      <article aria-labelledby="member-name" className="flex flex-col gap-5">
        <header className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 sm:flex-row sm:items-center">
          <Avatar name={member.displayName} image={member.photoURL} size={96} />
          <div className="flex min-w-0 flex-col gap-2">
            <h1 id="member-name" className="text-2xl font-bold break-words sm:text-3xl">
              {member.displayName}
            </h1>
            <Badges subject={member} />
            <p className="text-sm font-semibold">{t("profile.points", { points: numberFormat(language).format(member.points) })}</p>
            <p className="text-sm text-fg-muted">
              {t("profile.since", { date: formatDate(member.createdAt, language, { date: "long" }) })}
            </p>
          </div>
        </header>

        {own ? (
          <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5">
            <p>{hidden ? t("profile.hidden") : t("profile.own")}</p>
            <Link to="/me" className={`${button} w-fit border border-line hover:bg-surface-muted`}>
              {hidden ? t("profile.show") : t("profile.edit")}
            </Link>
          </div>
        ) : viewer ? (
          <div className="flex flex-wrap items-start gap-3">
            <DirectMessageButton uid={member.uid} t={t} />
            {moderationI18n ? <ReportButton uid={member.uid} moderationI18n={moderationI18n} label={t("profile.report")} /> : null}
          </div>
        ) : (
          <div className="[&>p]:mt-0">
            <SignInPrompt text={t("profile.signIn", { name: member.displayName })} action={t("profile.signInAction")} back={back} />
          </div>
        )}

        <MemberPosts uid={member.uid} name={member.displayName} posts={posts} language={language} t={t} />
        <MemberGuides name={member.displayName} guides={guides} language={language} t={t} />
        {/* Clan and trade reputation join here as sections when their features land. */}
      </article>
    </div>
  );
}
