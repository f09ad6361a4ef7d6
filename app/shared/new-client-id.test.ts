import { describe, expect, it } from "vitest";
import { newClientId } from "./new-client-id.ts";

/** What the server takes as a client id: 8 to 64 letters, digits, - or _. */
const accepted = /^[A-Za-z0-9_-]{8,64}$/;

describe("newClientId", () => {
  it("makes an id the server accepts, a new one each time", () => {
    const first = newClientId();
    expect(first).toMatch(accepted);
    expect(newClientId()).not.toBe(first);
  });

  it("starts with the prefix it is given, so a copy kept on the device says what made it", () => {
    const id = newClientId("note");
    expect(id).toMatch(/^note-[0-9a-f]{32}$/);
    expect(id).toMatch(accepted);
  });
});
