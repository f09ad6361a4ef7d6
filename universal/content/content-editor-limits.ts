/** The admin's content editor (issue 44): its limits and answer shapes, shared by the API and /admin. */

/** Versions kept (the newest; the one in use is always kept). */
export const CONTENT_VERSIONS_KEPT = 30;
/** Changes one draft may hold before it is published or discarded. */
export const CONTENT_DRAFT_MAX = 2_000;
/** A pack's zip, uploaded. */
export const CONTENT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Entries a list answers at a time. */
export const CONTENT_LIST_PAGE = 50;

export const CONTENT_VERSION_SOURCES = ["initial", "publish", "restore", "import"] as const;
export type ContentVersionSource = (typeof CONTENT_VERSION_SOURCES)[number];

export interface ContentVersion {
  id: number;
  number: number;
  checksum: string;
  createdAt: number;
  createdBy: { uid: string; displayName: string } | null;
  source: ContentVersionSource;
  restoredFrom: number | null;
  /** The version pages show now. */
  current: boolean;
}

export const DRAFT_OPS = ["create", "update", "delete"] as const;
export type DraftOp = (typeof DRAFT_OPS)[number];

export interface DraftChange {
  /** The public data API's collection name (`rune-sets`). */
  kind: string;
  id: string;
  op: DraftOp;
  entry: unknown;
  updatedAt: number;
}
