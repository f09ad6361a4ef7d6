import { describe, expect, it } from "vitest";
import { backoffDelay } from "./socket-client.ts";

describe("backoffDelay", () => {
  it("doubles from half a second up to 30 s, with ±50 % jitter", () => {
    expect(backoffDelay(0, () => 0.5)).toBe(500);
    expect(backoffDelay(1, () => 0.5)).toBe(1_000);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(20, () => 0.5)).toBe(30_000);
    expect(backoffDelay(2, () => 0)).toBe(1_000);
    expect(backoffDelay(2, () => 0.999)).toBe(2_998);
  });
});
