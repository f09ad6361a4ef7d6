import { useId, useState } from "react";
import { useTranslation } from "../i18n/use-translation.tsx";

/** Why a field's text is not an acceptable number, or null when it is. */
export function numberProblem(text: string, { min, max, emptyValue }: { min: number; max?: number; emptyValue?: number }) {
  const trimmed = text.trim();
  if (trimmed === "") return emptyValue === undefined ? ({ key: "number.required" } as const) : null;
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return { key: "number.whole" } as const;
  if (value < min) return { key: "number.min", min } as const;
  if (max !== undefined && value > max) return { key: "number.max", max } as const;
  return null;
}

/**
 * A whole-number field for the calculators. It keeps what the player types, even while it is empty
 * or out of range (so a field can be cleared and retyped); only acceptable numbers reach `onValue`,
 * and otherwise the field says why and the result keeps the last acceptable value. `emptyValue`
 * makes an empty field acceptable (e.g. 0: "none").
 */
export function NumberField({
  label,
  value,
  onValue,
  min,
  max,
  emptyValue,
  className = "flex flex-col gap-1 text-sm font-semibold",
  inputClassName = "h-11 w-full rounded-md border border-line bg-surface px-3 text-fg",
  hideLabel = false,
}: {
  label: string;
  value: number;
  onValue: (value: number) => void;
  min: number;
  max?: number;
  emptyValue?: number;
  className?: string;
  inputClassName?: string;
  /** The label is read by assistive technology only (a table cell's field). */
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  const shown = (number: number) => (emptyValue !== undefined && number === emptyValue ? "" : String(number));
  const [text, setText] = useState(() => shown(value));
  // A new value from outside (Back, a reset, a shared link) replaces what was typed, unless it is
  // what was typed: adjusted during render, as React advises for state that follows a prop.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    const typed = numberProblem(text, { min, max, emptyValue }) === null ? (text.trim() === "" ? (emptyValue ?? min) : Number(text)) : null;
    if (typed !== value) setText(shown(value));
  }
  const problem = numberProblem(text, { min, max, emptyValue });
  return (
    <label className={className}>
      <span className={hideLabel ? "sr-only" : undefined}>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          if (numberProblem(next, { min, max, emptyValue }) === null) onValue(next.trim() === "" ? (emptyValue ?? min) : Number(next));
        }}
        className={`${inputClassName} ${problem ? "border-accent" : ""}`}
      />
      {problem ? (
        <span id={messageId} role="alert" className="text-xs font-normal text-accent">
          {t(problem.key, problem)}
        </span>
      ) : null}
    </label>
  );
}
