/**
 * The id of an uploaded image (a post's, a report's screenshot): 16 random bytes, base64url. Its
 * route checks the shape before any lookup, so a made-up id never reaches the database.
 */
import { randomBytes } from "node:crypto";

export function newImageId(): string {
  return randomBytes(16).toString("base64url");
}

export function isImageId(id: string): boolean {
  return /^[A-Za-z0-9_-]{16,32}$/.test(id);
}
