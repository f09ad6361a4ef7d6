/**
 * The public data API's collections: the content pack's kinds under their URL names (the plural
 * kind, kebab-case: `runeSets` is `rune-sets`). Pure: no database, shared by the validator and routes.
 */
import { PACK_KIND_NAMES, type PackKind } from "../../universal/content/pack-schema.ts";

const kebab = (kind: string) => kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Collection name → pack kind, in the pack's kind order. */
const KIND_OF: ReadonlyMap<string, PackKind> = new Map(PACK_KIND_NAMES.map((kind) => [kebab(kind), kind]));
const COLLECTION_OF: ReadonlyMap<PackKind, string> = new Map(PACK_KIND_NAMES.map((kind) => [kind, kebab(kind)]));

export const COLLECTIONS: readonly string[] = [...KIND_OF.keys()];

export function kindOfCollection(collection: string): PackKind | undefined {
  return KIND_OF.get(collection);
}

export function collectionOfKind(kind: string): string {
  return COLLECTION_OF.get(kind as PackKind) ?? kebab(kind);
}

export function unknownCollectionMessage(collection: string): string {
  const shown = collection.length > 60 ? `${collection.slice(0, 60)}…` : collection;
  return `Unknown collection '${shown}'. Collections: ${COLLECTIONS.join(", ")}.`;
}
