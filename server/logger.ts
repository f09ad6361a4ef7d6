const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof levels;
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return { name: error.name, message: error.message, stack: error.stack };
}

/**
 * Secrets that ride in URLs: a password-reset link's token (`/reset-password/<token>`, `?token=`),
 * an email-verification token, an OAuth `code`. They are blanked in every line, whichever field
 * carries them (a path, a URL, an error message), so no log line holds a live link.
 */
const URL_SECRETS: [RegExp, string][] = [
  [/(\/reset-password\/)[^/?#"\s\\]+/g, "$1[redacted]"],
  [/([?&](?:token|code)=)[^&#"\s\\]+/gi, "$1[redacted]"],
];

export function redactUrlSecrets(line: string): string {
  return URL_SECRETS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}

/** One JSON object per line on stdout (stderr for errors): what log collectors expect. */
export function createLogger(
  minimum: LogLevel = "info",
  base: LogFields = {},
  write: (line: string, level: LogLevel) => void = (line, level) =>
    (level === "error" ? process.stderr : process.stdout).write(`${line}\n`),
): Logger {
  const log = (level: LogLevel, message: string, fields: LogFields = {}) => {
    if (levels[level] < levels[minimum]) return;
    const entry: LogFields = { time: new Date().toISOString(), level, msg: message, ...base, ...fields };
    if ("error" in entry) entry.error = serializeError(entry.error);
    write(redactUrlSecrets(JSON.stringify(entry)), level);
  };
  return {
    debug: (message, fields) => log("debug", message, fields),
    info: (message, fields) => log("info", message, fields),
    warn: (message, fields) => log("warn", message, fields),
    error: (message, fields) => log("error", message, fields),
    child: (fields) => createLogger(minimum, { ...base, ...fields }, write),
  };
}
