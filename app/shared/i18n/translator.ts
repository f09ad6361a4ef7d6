import { fallbackLanguage, type Language } from "../../../universal/i18n/languages.ts";
import { interpolate } from "./interpolate.ts";
import { pluralCategory } from "./plural.ts";
import { loadMessages, namespaces, type Messages, type Namespace } from "./messages.ts";

/** Values a message may interpolate (`{{name}}`); `count` also picks the plural form. */
export interface TOptions {
  count?: number;
  /** Shown when no language has the key (instead of the key itself). */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Bundles = Map<string, Messages>;

function isNamespace(value: string): value is Namespace {
  return (namespaces as readonly string[]).includes(value);
}

function lookup(messages: Messages | undefined, path: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `present` with the messages of `more` it lacks, at any depth; none of its own is replaced. */
function withMissing(present: Messages, more: Messages): Messages {
  const merged: Messages = { ...present };
  for (const [key, value] of Object.entries(more)) {
    const mine = merged[key];
    if (mine === undefined) merged[key] = value;
    else if (typeof mine === "object" && typeof value === "object") merged[key] = withMissing(mine, value);
  }
  return merged;
}

/**
 * The page's messages and the one function that reads them: a namespaced key (`auth:fields.email`,
 * or the caller's namespace), `{{name}}` interpolation (not escaped: React escapes), plural forms
 * by `count` (`key_one`, `key_other`, chosen as `Intl.PluralRules` does for the language (`pluralCategory`)) and the en-US
 * fallback. Built synchronously from the messages the server sent, so the server and the browser
 * render the same text (decision 015). A key the language lacks makes the browser fetch the en-US
 * namespace once and re-render whoever subscribed.
 */
export class Translator {
  readonly language: Language;
  private readonly bundles: Bundles = new Map();
  private readonly fallback: Bundles = new Map();
  private readonly requested = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** Payloads already added: a component adds its payload at every render. */
  private readonly added = new WeakSet<Messages>();
  private revision = 0;

  constructor(language: Language, resources: Partial<Record<Namespace, Messages>>) {
    this.language = language;
    for (const [namespace, messages] of Object.entries(resources)) this.bundles.set(namespace, messages);
    if (language === fallbackLanguage) this.fallback = this.bundles;
  }

  has(namespace: Namespace): boolean {
    return this.bundles.has(namespace);
  }

  /**
   * Adds a namespace the page's loader sent; silent, since whoever reads it has not rendered yet. A
   * namespace already there keeps every message it has and gains those it lacks (an island may carry
   * only the few messages it shows, and another island of the page the whole namespace).
   */
  add(namespace: Namespace, messages: Messages): void {
    if (this.added.has(messages)) return;
    this.added.add(messages);
    const present = this.bundles.get(namespace);
    this.bundles.set(namespace, present ? withMissing(present, messages) : messages);
  }

  /** Changes whenever fallback messages arrive: components read it to re-render. */
  readonly version = (): number => this.revision;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `t` for one namespace (keys may still name another: `auth:fields.email`). */
  bind(namespace: Namespace = "common"): TFunction {
    return (key, options) => this.t(namespace, key, options);
  }

  t(namespace: Namespace, key: string, options?: TOptions): string {
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      const prefix = key.slice(0, colon);
      if (isNamespace(prefix)) {
        namespace = prefix;
        path = key.slice(colon + 1);
      }
    }
    const message = this.find(this.bundles.get(namespace), path, options) ?? this.fromFallback(namespace, path, options);
    if (message === undefined) return options?.defaultValue ?? key;
    return interpolate(message, options);
  }

  private find(messages: Messages | undefined, path: string, options: TOptions | undefined): string | undefined {
    if (messages === undefined) return undefined;
    if (typeof options?.count === "number") {
      const plural = lookup(messages, `${path}_${pluralCategory(this.language, options.count)}`) ?? lookup(messages, `${path}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(messages, path);
  }

  private fromFallback(namespace: Namespace, path: string, options: TOptions | undefined): string | undefined {
    if (this.fallback === this.bundles) return undefined;
    const messages = this.fallback.get(namespace);
    if (messages !== undefined) return this.find(messages, path, options);
    this.requestFallback(namespace);
    return undefined;
  }

  private requestFallback(namespace: Namespace): void {
    // The server renders what it has; the browser fetches the fallback after hydration.
    if (typeof document === "undefined" || this.requested.has(namespace)) return;
    this.requested.add(namespace);
    queueMicrotask(() => {
      void loadMessages(fallbackLanguage, namespace).then(({ messages }) => {
        this.fallback.set(namespace, messages);
        this.revision += 1;
        for (const listener of this.listeners) listener();
      });
    });
  }
}
