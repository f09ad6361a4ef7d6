/**
 * The frame every report form shares (a report of a message, a scam report, a dispute of a claim):
 * a dialog with the form under its title and lead, and, once sent, what was said and a close button.
 */
import { useId, type FormEvent, type ReactNode } from "react";
import { ModalDialog } from "../ui/modal-dialog.tsx";

export function ReportFrame({
  open = true,
  title,
  lead,
  sent,
  sentText,
  closeLabel,
  button,
  onOpen,
  onSubmit,
  onClose,
  children,
}: {
  open?: boolean;
  title: string;
  lead: string;
  /** Shows the sent notice instead of the form. */
  sent: boolean;
  sentText: string;
  closeLabel: string;
  /** The class of the dialog's buttons, which the close button shares. */
  button: string;
  onOpen?: () => void;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** The form's fields and buttons. */
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={`${id}-title`} className="text-lg font-bold">
      {title}
    </h2>
  );
  return (
    <ModalDialog open={open} labelledBy={`${id}-title`} onOpen={onOpen} onClose={onClose}>
      {sent ? (
        <div className="flex flex-col gap-4 p-5">
          {heading}
          <p role="status">{sentText}</p>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className={`${button} bg-brand text-on-brand`} autoFocus>
              {closeLabel}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-4 p-5">
          {heading}
          <p className="text-sm text-fg-muted">{lead}</p>
          {children}
        </form>
      )}
    </ModalDialog>
  );
}
