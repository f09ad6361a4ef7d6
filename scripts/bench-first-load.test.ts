import { describe, expect, it } from "vitest";
import { firstLoadScriptUrls, staticDependencies } from "./bench-first-load.ts";

describe("firstLoadScriptUrls", () => {
  it("finds preloaded, src'd and inline-imported module scripts, once each, as absolute URLs", () => {
    const html = `<head>
      <link rel="modulepreload" href="/assets/entry.client-a.js"/>
      <link rel="stylesheet" href="/assets/app.css"/>
      <link rel='modulepreload' href='/assets/root-b.js'>
    </head><body>
      <script type="module" src="/assets/extra-c.js"></script>
      <script type="module">import "/assets/entry.client-a.js"; import * as route0 from "/assets/home-d.js"; import("/assets/lazy-e.js");
        window.__manifest = {"routes": {"other": {"module": "/assets/other-f.js"}}};</script>
      <script>import("/assets/not-a-module-g.js")</script>
    </body>`;
    expect(firstLoadScriptUrls(html, "http://127.0.0.1:4000/page?x=1")).toEqual([
      "http://127.0.0.1:4000/assets/entry.client-a.js",
      "http://127.0.0.1:4000/assets/root-b.js",
      "http://127.0.0.1:4000/assets/extra-c.js",
      "http://127.0.0.1:4000/assets/home-d.js",
      "http://127.0.0.1:4000/assets/lazy-e.js",
    ]);
  });

  it("finds the entry an islands document starts after its first paint (decision 033)", () => {
    const html = `<body><main>…</main><script type="application/json" id="island-document">{}</script>
      <script nonce="n" data-entry-module="/assets/entry.client-a.js">(function(){})()</script></body>`;
    expect(firstLoadScriptUrls(html, "http://127.0.0.1:4000/list")).toEqual(["http://127.0.0.1:4000/assets/entry.client-a.js"]);
  });
});

describe("staticDependencies", () => {
  it("finds a minified chunk's static imports and re-exports, not its dynamic imports", () => {
    const chunk =
      'import{r as e,t}from"./rolldown-runtime-a.js";import"./side-effect-b.js";export{x}from"./shared-c.js";' +
      'import * as f from "./framework-d.js";const lazy=()=>import("./lazy-e.js");var from="./not-an-import.js";';
    expect(staticDependencies(chunk, "http://127.0.0.1:4000/assets/root-z.js")).toEqual([
      "http://127.0.0.1:4000/assets/rolldown-runtime-a.js",
      "http://127.0.0.1:4000/assets/side-effect-b.js",
      "http://127.0.0.1:4000/assets/shared-c.js",
      "http://127.0.0.1:4000/assets/framework-d.js",
    ]);
  });
});
