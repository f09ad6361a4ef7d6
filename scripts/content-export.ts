import { runContentCli } from "../server/content/content-cli.ts";

/** `npm run content:export -- <dir>` (see CONTENT_USAGE). */
process.exit(await runContentCli("export", process.argv.slice(2), process.env, { log: console.log, error: console.error }));
