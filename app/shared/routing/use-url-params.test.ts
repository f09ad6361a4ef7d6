import { describe, expect, it } from "vitest";
import { withChanges } from "./use-url-params.ts";

describe("withChanges", () => {
  it("sets, replaces and removes parameters and keeps the others", () => {
    const next = withChanges(new URLSearchParams("id=stone&n=2&have=a:1"), { n: "5", have: null, b: "hall", empty: "" });
    expect(next.toString()).toBe("id=stone&n=5&b=hall");
  });

  it("leaves the parameters it was given untouched", () => {
    const params = new URLSearchParams("from=1");
    withChanges(params, { from: "3" });
    expect(params.toString()).toBe("from=1");
  });
});
