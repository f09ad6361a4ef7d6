import { runDbBackup } from "../server/cli/db-cli.ts";

/** `npm run db:backup`: see DB_BACKUP_USAGE in server/cli/db-cli.ts. */
const code = await runDbBackup(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
