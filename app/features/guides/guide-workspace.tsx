/**
 * Where a member writes (`/guide?write`, `?edit=ID`, `?mine`): their guides with each one's status
 * (a draft, in review, published, sent back with the moderators' reason) and the editor. Loaded
 * only on these addresses, so the guide pages do not carry the editor.
 */
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { memberGuideHref, type GuideDraft } from "../../../universal/guides/guide-limits.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { useHydrated } from "../../shared/use-hydrated.ts";
import { GuideEditor } from "./guide-editor.tsx";

export interface GuideWorkspaceProps {
  guidesI18n: RouteMessages;
  language: string;
  signedIn: boolean;
  mode: "write" | "edit" | "mine";
  editId: number | null;
  own: GuideDraft[];
}

function statusKey(guide: GuideDraft): string {
  if (guide.hidden) return "hidden";
  if (guide.status === "draft" && guide.rejectReason) return "rejected";
  if (guide.status === "draft" && guide.published) return "changed";
  return guide.status;
}

const statusStyle: Record<string, string> = {
  draft: "border border-line",
  review: "bg-surface-muted",
  published: "bg-brand text-on-brand",
  changed: "border border-brand",
  rejected: "border border-accent",
  hidden: "border border-accent",
};

export default function GuideWorkspace({ guidesI18n, language, signedIn, mode, editId, own }: GuideWorkspaceProps) {
  const { t } = useRouteMessages(guidesI18n);
  const navigate = useNavigate();
  // The editor opens with what this device kept, which the server cannot know: after hydration.
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  /** The guide this editor created: it stays the same editor when the address becomes `?edit=`. */
  const [created, setCreated] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const editing = editId === null ? null : (own.find((guide) => guide.id === editId) ?? null);
  const back = mode === "edit" && editId !== null ? `/guide?edit=${editId}` : mode === "write" ? "/guide?write" : "/guide?mine";
  const editorKey = editId === null || editId === created ? `new-${generation}` : `guide-${editId}`;
  // `?mine` is the list alone: it is named for it, and its section heading would only repeat the page's.
  const title = t(mode === "mine" ? "workspace.mine" : "workspace.title");

  return (
    <div className="mx-auto max-w-6xl">
      <EntryBreadcrumbs listKey="guide" current={title} />
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-2 text-fg-muted">{t(mode === "mine" ? "workspace.mineLead" : "workspace.lead")}</p>
      {!signedIn ? (
        <SignInPrompt text={t("workspace.signedOut")} action={t("workspace.signIn")} back={back} />
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          {(mode === "write" || (mode === "edit" && editing)) && !hydrated ? (
            <p className="text-fg-muted" aria-busy="true">
              {t("workspace.loading")}
            </p>
          ) : mode === "write" || (mode === "edit" && editing) ? (
            <GuideEditor
              key={editorKey}
              language={language}
              guide={editId === created ? null : editing}
              onCreated={(id) => {
                setCreated(id);
                void navigate(`/guide?edit=${id}`, { replace: true, preventScrollReset: true });
              }}
              onChanged={() => void revalidator.revalidate()}
              onDeleted={() => void navigate("/guide?mine")}
            />
          ) : mode === "edit" ? (
            <p className="rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("workspace.notFound")}</p>
          ) : null}
          <section aria-labelledby="my-guides" className="rounded-xl border border-line bg-surface p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="my-guides" className={mode === "mine" ? "sr-only" : "text-lg font-bold"}>
                {t("workspace.mine")}
              </h2>
              <Link
                to="/guide?write"
                onClick={() => {
                  setCreated(null);
                  setGeneration((each) => each + 1);
                }}
                className="inline-flex min-h-10 items-center rounded-md border border-line px-3 font-semibold hover:bg-surface-muted"
              >
                {t("workspace.new")}
              </Link>
            </div>
            {own.length === 0 ? (
              <p className="mt-3 text-fg-muted">{t("workspace.empty")}</p>
            ) : (
              <ul className="mt-3 flex flex-col divide-y divide-line">
                {own.map((guide) => (
                  <li key={guide.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <Link
                      to={`/guide?edit=${guide.id}`}
                      aria-current={guide.id === editId ? "page" : undefined}
                      className="inline-flex min-h-10 min-w-0 items-center font-semibold text-link underline underline-offset-2"
                    >
                      {guide.title}
                    </Link>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[statusKey(guide)] ?? ""}`}>
                      {t(`workspace.status.${statusKey(guide)}`)}
                    </span>
                    <span className="text-xs text-fg-muted">
                      {t("workspace.updated", { date: formatDate(guide.updatedAt, language, { date: "medium", time: "short" }) })}
                    </span>
                    {guide.published && !guide.hidden ? (
                      <Link
                        to={memberGuideHref(guide.id)}
                        className="inline-flex min-h-10 items-center text-sm text-link underline underline-offset-2"
                      >
                        {t("workspace.view")}
                      </Link>
                    ) : null}
                    {guide.status === "draft" && guide.rejectReason ? (
                      <p className="basis-full text-sm">{t("workspace.rejected", { reason: guide.rejectReason })}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
