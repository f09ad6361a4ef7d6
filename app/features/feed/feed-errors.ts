/** A refused feed request in the reader's words: by the answer's reason and code, never the server's English. */
import type { TFunction } from "../../shared/i18n/translator.ts";
import type { ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText } from "../../shared/api/refusal-text.ts";
import { POST_BODY_MAX, POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX } from "../../../universal/feed/feed-limits.ts";

const reasons: Record<string, string> = {
  "image-count": "errors.imageCount",
  "image-size": "errors.imageSize",
  "image-format": "errors.imageFormat",
  "image-pixels": "errors.imagePixels",
  "image-damaged": "errors.imageDamaged",
  entry: "errors.entry",
  "rate-limit": "errors.rateLimit",
  "too-late": "errors.tooLate",
};

export function feedError(t: TFunction, refusal: ApiRefusal): string {
  const retryAfter = Number(refusal.details.retryAfter ?? 60);
  const values = {
    count: POST_IMAGES_MAX,
    size: POST_IMAGE_MAX_BYTES / 1024 / 1024,
    max: POST_BODY_MAX,
    minutes: Math.max(1, Math.ceil(retryAfter / 60)),
  };
  return refusalText(t, refusal, { reasons, values });
}
