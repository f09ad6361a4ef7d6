/**
 * The cluster's database relay, in a process of its own so that the test's load does not slow the
 * processes' queries: prints the relay's address, then takes `cut` and `restore` on stdin and
 * answers `ok` to each.
 */
import { createInterface } from "node:readline";
import { interruptibleProxy } from "../../db/testing.ts";

const relay = await interruptibleProxy(process.argv[2] ?? "");
console.log(relay.url);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "cut") await relay.cut();
  if (line === "restore") await relay.restore();
  console.log("ok");
}
await relay.close();
