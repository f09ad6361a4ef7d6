/** A native modal dialog (focus trap, Escape and backdrop for free), open while `open` is true, and the radio list dialogs ask with. */
import { useEffect, useRef, type ReactNode } from "react";

export function ModalDialog({
  open,
  labelledBy,
  onOpen,
  onClose,
  children,
}: {
  open: boolean;
  labelledBy: string;
  /** Resets the dialog's fields each time it opens. */
  onOpen?: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      onOpen?.();
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open, onOpen]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-fg backdrop:bg-black/50"
    >
      {children}
    </dialog>
  );
}

export function RadioChoices<Value extends string | number>({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: readonly (readonly [Value, string])[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {choices.map(([each, label]) => (
        <label key={each} className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-surface-muted">
          <input type="radio" name={name} checked={value === each} onChange={() => onChange(each)} className="size-5 accent-brand" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
