import { runContentCli } from "../server/content/content-cli.ts";

/** `npm run content:import -- <dir>` (see CONTENT_USAGE). */
process.exit(await runContentCli("import", process.argv.slice(2), process.env, { log: console.log, error: console.error }));
