import { createHash } from "node:crypto";
import type { ContentPack } from "../../universal/content/pack-schema.ts";
import { serializePack } from "./load-pack.ts";

/** A pack's checksum: the same files give the same checksum, so caches key on it. */
export function packChecksum(pack: ContentPack): string {
  const hash = createHash("sha256");
  for (const [name, text] of [...serializePack(pack)].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(name).update("\0").update(text).update("\0");
  return hash.digest("hex").slice(0, 16);
}
