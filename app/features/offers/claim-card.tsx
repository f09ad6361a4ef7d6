/**
 * One of my character claims on `/me/make-offer`: verified, or pending with the code to
 * show in the game and the screenshot to send; a moderator verifies it from the moderation queue.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { REPORT_IMAGE_MAX_BYTES } from "../../../universal/offers/offer-limits.ts";
import type { CharacterClaim } from "../../../universal/offers/offer-types.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { offerError } from "./offer-text.ts";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp";
const quiet = "inline-flex min-h-10 items-center rounded-md border border-line px-3 font-semibold hover:border-brand";

export function ClaimCard({
  claim,
  serverName,
  t,
  language,
  onChanged,
  onRemove,
}: {
  claim: CharacterClaim;
  serverName: string;
  t: TFunction;
  language: string;
  onChanged: (claim: CharacterClaim) => void;
  onRemove: (claim: CharacterClaim) => void;
}) {
  // Fixed, not useId: the card is server HTML in an island woken later.
  const id = `claim-${claim.id}`;
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verified = claim.status === "verified";

  function pick(list: FileList | null) {
    const picked = list?.[0] ?? null;
    if (picked && picked.size > REPORT_IMAGE_MAX_BYTES) {
      setFile(null);
      return setError(t("errors.tooLarge"));
    }
    setError(null);
    setFile(picked);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!file) return setError(t("claims.proof.needed"));
    setSending(true);
    const form = new FormData();
    form.append("screenshot", file);
    const answer = await apiJson<CharacterClaim>(`/api/characters/claims/${claim.id}/proof`, { body: form });
    setSending(false);
    if (!answer.ok) return setError(offerError(t, answer));
    setFile(null);
    onChanged(answer.data);
  }

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-lg border border-line p-3 text-sm" data-claim-id={claim.id}>
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={`${id}-name`} className="font-semibold">
          <Link
            to={`/bplayer?${new URLSearchParams({ name: claim.name, server: claim.server })}`}
            className="inline-flex min-h-6 items-center text-link underline"
          >
            {claim.name}
          </Link>{" "}
          <span className="font-normal text-fg-muted">· {serverName}</span>
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            verified ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-surface-muted text-fg"
          }`}
        >
          {verified ? t("claims.status.verified") : t("claims.status.pending")}
        </span>
        <button
          type="button"
          onClick={() => onRemove(claim)}
          aria-label={t("claims.remove", { name: claim.name })}
          className="ms-auto inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-muted"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {verified ? (
        <p className="mt-1 text-fg-muted">{t("claims.verifiedLead")}</p>
      ) : (
        <>
          <p className="mt-2">
            {t("claims.code.label")}{" "}
            <strong className="rounded bg-surface-muted px-2 py-0.5 font-mono text-base tracking-wider" data-testid="claim-code">
              {claim.code}
            </strong>
          </p>
          <p className="mt-1 text-fg-muted">{t("claims.code.how")}</p>
          {claim.proofReportId !== null ? (
            <p className="mt-2 font-semibold">{t("claims.proof.waiting")}</p>
          ) : claim.expiresAt !== null ? (
            <p className="mt-1 text-fg-muted">{t("claims.expires", { date: formatDate(claim.expiresAt, language, { date: "medium" }) })}</p>
          ) : null}
          <form onSubmit={send} className="mt-2 flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{t("claims.proof.label")}</span>
              <input type="file" accept={IMAGE_TYPES} onChange={(event) => pick(event.target.files)} className="min-h-11 text-sm" />
            </label>
            <button type="submit" disabled={sending} aria-busy={sending} className={quiet}>
              {claim.proofReportId !== null ? t("claims.proof.again") : t("claims.proof.send")}
            </button>
          </form>
          {error ? (
            <p role="alert" className="mt-2 rounded-md border border-line bg-surface-muted px-3 py-2">
              {error}
            </p>
          ) : null}
        </>
      )}
    </article>
  );
}
