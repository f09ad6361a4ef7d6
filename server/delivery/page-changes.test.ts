import { describe, expect, it } from "vitest";
import { createHub } from "../realtime/hub.ts";
import { pageVersions, publishPagesChanged } from "./page-changes.ts";

describe("page changes", () => {
  it("counts the changes announced for each pathname, and nothing else on the hub", () => {
    const hub = createHub();
    const versions = pageVersions(hub);
    expect(versions.of("/feed")).toBe(0);
    publishPagesChanged(hub, ["/feed", "/"]);
    publishPagesChanged(hub, ["/feed"]);
    hub.publish({ type: "typing", topic: "pages", uid: "u1", displayName: "Lan" });
    hub.publish({ type: "typing", topic: "room:world", uid: "u1", displayName: "Lan" });
    expect(versions.of("/feed")).toBe(2);
    expect(versions.of("/")).toBe(1);
    expect(versions.of("/mounts")).toBe(0);
    versions.close();
    publishPagesChanged(hub, ["/feed"]);
    expect(versions.of("/feed")).toBe(2);
  });
});
