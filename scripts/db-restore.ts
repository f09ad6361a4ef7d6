import { runDbRestore } from "../server/cli/db-cli.ts";

/** `npm run db:restore`: see DB_RESTORE_USAGE in server/cli/db-cli.ts. */
const code = await runDbRestore(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
