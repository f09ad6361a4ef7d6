// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { WEB_MANIFEST_PATH } from "../../../universal/delivery/service-worker-protocol.ts";
import { linkWebManifest } from "./service-worker-client.ts";

describe("linkWebManifest", () => {
  it("names the web app manifest in the head once, however often it is called", () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.ico">';
    linkWebManifest();
    linkWebManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe(WEB_MANIFEST_PATH);
  });
});
