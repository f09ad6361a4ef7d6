import { describe, expect, it } from "vitest";
import { clientIdSchema } from "../../universal/schemas.ts";
import { newClientId } from "./new-client-id.ts";

const accepted = (id: string) => clientIdSchema.safeParse(id).success;

describe("newClientId", () => {
  it("makes an id the server accepts, a new one each time", () => {
    const first = newClientId();
    expect(accepted(first)).toBe(true);
    expect(newClientId()).not.toBe(first);
  });

  it("starts with the prefix it is given, so a copy kept on the device says what made it", () => {
    const id = newClientId("note");
    expect(id).toMatch(/^note-[0-9a-f]{32}$/);
    expect(accepted(id)).toBe(true);
  });
});
