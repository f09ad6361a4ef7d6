import { createHash } from "node:crypto";
import { PACK_KIND_NAMES, type ContentPack } from "../../universal/content/pack-schema.ts";

/** JSON with object keys sorted: the database's `jsonb` keeps its own key order, so entries compare by this. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** Lets requests be served between slices of a long piece of work (10,000 entries). */
export const yieldToRequests = () => new Promise<void>((done) => setImmediate(done));
const SLICE = 500;

/**
 * A pack's checksum: the same content gives the same checksum whatever the order of its keys (the
 * database's `jsonb` keeps its own), so caches and ETags key on it. Worked out a slice of entries at
 * a time, so that a publish never holds up the pages being served meanwhile.
 */
export async function packChecksum(pack: ContentPack): Promise<string> {
  const hash = createHash("sha256");
  hash.update(stableJson(pack.manifest)).update("\0").update(pack.mapSvg).update("\0");
  for (const kind of PACK_KIND_NAMES) {
    hash.update(kind).update("\0");
    const entries = pack[kind] as unknown[];
    for (const [index, entry] of entries.entries()) {
      if (index % SLICE === SLICE - 1) await yieldToRequests();
      hash.update(stableJson(entry)).update("\n");
    }
  }
  return hash.digest("hex").slice(0, 16);
}
