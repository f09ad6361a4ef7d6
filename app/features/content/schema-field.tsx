/**
 * One field of a content entry's form, drawn from the pack schema's field tree (`describeSchema`):
 * texts, numbers, choices, yes/no, lists with add and remove, nested groups, the schedule's variants.
 * An id field that points at another kind offers that kind's ids as the admin types (a picker fed by
 * the editor's list API). The field's name is its path in the entry (`inputs.0.item`), as the
 * server's refusals name it.
 */
import { useEffect, useId, useState } from "react";
import { collectionOf, emptyValue, referenceKind, type FieldNode } from "../../../universal/content/schema-form.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";

const input = "mt-1 min-h-10 w-full rounded-md border border-line bg-surface px-3 py-2 text-fg";
const smallButton = "inline-flex min-h-8 items-center rounded-md border border-line px-3 text-sm font-semibold";

export interface SchemaFieldProps {
  i18n: RouteMessages;
  node: FieldNode;
  /** The field's key (its label) and its path in the entry. */
  name: string;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field the server refused, highlighted. */
  invalid: string | null;
}

/** Ids of `collection` whose id or name holds what was typed, for a reference field's list. */
function useReferenceIds(collection: string | null, typed: string, language: string): { id: string; name: string }[] {
  const [ids, setIds] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (!collection) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void apiJson<{ id: string; name?: { vi?: string; en?: string } }[]>(
        `/api/admin/content/${collection}?q=${encodeURIComponent(typed)}`,
        { signal: controller.signal },
      ).then((answer) => {
        if (answer.ok)
          setIds(answer.data.map((entry) => ({ id: entry.id, name: (language === "en-US" ? entry.name?.en : entry.name?.vi) ?? "" })));
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [collection, typed, language]);
  return ids;
}

function TextField({
  node,
  name,
  path,
  value,
  onChange,
  invalid,
  language,
}: Omit<SchemaFieldProps, "i18n"> & { node: Extract<FieldNode, { type: "text" }>; language: string }) {
  const fieldId = useId();
  const listId = useId();
  const text = typeof value === "string" ? value : "";
  // The field's own key, or its list's (`recommended.runeSets.0` points at rune sets).
  const key =
    path
      .split(".")
      .filter((segment) => !/^\d+$/.test(segment))
      .at(-1) ?? "";
  const kind = node.id && path !== "id" ? referenceKind(key) : null;
  const choices = useReferenceIds(kind ? collectionOf(kind) : null, text, language);
  const common = {
    id: fieldId,
    name: path,
    value: text,
    "aria-invalid": invalid === path || undefined,
    className: `${input} ${invalid === path ? "border-accent" : ""}`,
  };
  return (
    <div>
      <label htmlFor={fieldId} className="text-sm font-semibold">
        {name}
      </label>
      {node.multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" list={kind ? listId : undefined} onChange={(event) => onChange(event.target.value)} />
      )}
      {kind ? (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

export function SchemaField(props: SchemaFieldProps) {
  const { i18n, node, name, path, value, onChange, invalid } = props;
  const { t } = useRouteMessages(i18n);
  const fieldId = useId();
  // A field as the reader says it; the pack's own key stays in the input's name and in refusals.
  const fieldName = (key: string) => t(`fieldNames.${key}`, { defaultValue: key });
  const label = (
    <label htmlFor={fieldId} className="text-sm font-semibold">
      {name}
    </label>
  );
  const flagged = invalid === path ? "border-accent" : "";
  switch (node.type) {
    case "text":
      return <TextField {...props} node={node} language={i18n.language} />;
    case "number":
      return (
        <div>
          {label}
          <input
            id={fieldId}
            name={path}
            type="number"
            step={node.integer ? 1 : "any"}
            value={typeof value === "number" ? value : ""}
            aria-invalid={invalid === path || undefined}
            className={`${input} ${flagged}`}
            onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
          />
        </div>
      );
    case "boolean":
      return (
        <label className="flex min-h-10 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            name={path}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            className="size-5"
          />
          {name}
        </label>
      );
    case "choice":
      return (
        <div>
          {label}
          <select
            id={fieldId}
            name={path}
            value={String(value ?? "")}
            className={`${input} ${flagged}`}
            onChange={(event) => onChange(event.target.value)}
          >
            {node.options.map((option) => (
              <option key={option} value={option}>
                {t(`choiceNames.${option}`, { defaultValue: option })} ({option})
              </option>
            ))}
          </select>
        </div>
      );
    case "literal":
      return null;
    case "nullable":
      return (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold">{name}</legend>
          <label className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value === null}
              onChange={(event) => onChange(event.target.checked ? null : emptyValue(node.inner))}
              className="size-5"
            />
            {t("none")}
          </label>
          {value === null ? null : <SchemaField {...props} node={node.inner} />}
        </fieldset>
      );
    case "object":
      return (
        <fieldset className={`rounded-lg border border-line p-3 ${flagged}`}>
          <legend className="px-1 text-sm font-bold">{name}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {node.fields.map((field) => {
              const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
              const present = field.key in record && record[field.key] !== undefined;
              const set = (next: unknown) => {
                const copy = { ...record };
                if (next === undefined && field.optional) delete copy[field.key];
                else copy[field.key] = next;
                onChange(copy);
              };
              const wide = field.node.type === "object" || field.node.type === "list" || field.node.type === "variants";
              if (field.optional && !present && field.node.type !== "number" && field.node.type !== "text")
                return (
                  <div key={field.key} className={wide ? "sm:col-span-2" : ""}>
                    <span className="text-sm font-semibold">{fieldName(field.key)}</span>{" "}
                    <button
                      type="button"
                      className={smallButton}
                      aria-label={`${t("add")} ${fieldName(field.key)}`}
                      onClick={() => set(emptyValue(field.node))}
                    >
                      {t("add")}
                    </button>
                  </div>
                );
              return (
                <div key={field.key} className={wide ? "sm:col-span-2" : ""}>
                  <SchemaField
                    i18n={i18n}
                    node={field.node}
                    name={fieldName(field.key)}
                    path={path ? `${path}.${field.key}` : field.key}
                    value={record[field.key]}
                    onChange={(next) => set(field.optional && next === "" ? undefined : next)}
                    invalid={invalid}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
      );
    case "list": {
      const items = Array.isArray(value) ? value : [];
      return (
        <fieldset className={`rounded-lg border border-line p-3 ${flagged}`}>
          <legend className="px-1 text-sm font-bold">{name}</legend>
          <ol className="flex flex-col gap-2">
            {items.map((item, index) => (
              <li key={index} className="flex items-start gap-2">
                <div className="grow">
                  <SchemaField
                    i18n={i18n}
                    node={node.element}
                    name={`${name} ${index + 1}`}
                    path={`${path}.${index}`}
                    value={item}
                    onChange={(next) => onChange(items.map((each, at) => (at === index ? next : each)))}
                    invalid={invalid}
                  />
                </div>
                <button
                  type="button"
                  className={`${smallButton} mt-6`}
                  aria-label={`${t("remove")} ${name} ${index + 1}`}
                  onClick={() => onChange(items.filter((_, at) => at !== index))}
                >
                  {t("remove")}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={`${smallButton} mt-2`} onClick={() => onChange([...items, emptyValue(node.element)])}>
            {t("add")} ({name})
          </button>
        </fieldset>
      );
    }
    case "variants": {
      const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
      const current = node.options.find((option) => option.value === record[node.discriminator]) ?? node.options[0];
      return (
        <fieldset className="rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-bold">{name}</legend>
          <label htmlFor={fieldId} className="text-sm font-semibold">
            {node.discriminator}
          </label>
          <select
            id={fieldId}
            value={current?.value ?? ""}
            className={input}
            onChange={(event) => {
              const option = node.options.find((each) => each.value === event.target.value);
              if (option) onChange(emptyValue(option.node));
            }}
          >
            {node.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
          {current ? <SchemaField {...props} node={current.node} name={current.value} /> : null}
        </fieldset>
      );
    }
    case "json":
      return (
        <div>
          {label}
          <textarea
            id={fieldId}
            name={path}
            rows={4}
            className={`${input} font-mono text-sm`}
            defaultValue={JSON.stringify(value ?? null, null, 2)}
            onBlur={(event) => {
              try {
                onChange(JSON.parse(event.target.value));
              } catch {
                // Left as typed: the server names the field when it is sent.
              }
            }}
          />
        </div>
      );
  }
}
