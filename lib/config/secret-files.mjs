// Settings that hold a secret may be given as a file instead: `<NAME>_FILE` names a file whose
// content is the value of `<NAME>`. Docker and Kubernetes hand secrets to a container as files
// (/run/secrets/…); an environment variable is shown by `docker inspect`, inherited by every child
// process and copied into crash reports and support bundles.
//
// Plain JavaScript, so that cache-handler.mjs, which the server loads outside the bundle, reads
// REDIS_URL by the same rule as lib/config/env.ts and lib/config/database.ts. It imports nothing:
// the caller hands it the way to read a file (the Edge copy of the cache handler has no fs).

/**
 * Every setting that can carry a secret, so may come from `<NAME>_FILE`: the signing key, the URLs
 * that may hold a password, the database password, and the providers' secrets.
 */
export const SECRET_SETTINGS = Object.freeze([
  "AUTH_SECRET",
  "DATABASE_URL",
  "DATABASE_PASSWORD",
  "REDIS_URL",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

/**
 * `source` with each of `names` given as `<NAME>_FILE` filled in from its file, the line breaks that
 * end it taken off (`echo`, editors and `openssl rand -hex 32 > file` end the file with one; the
 * PostgreSQL image reads POSTGRES_PASSWORD_FILE as the shell's `$(< file)`, which drops them all, and
 * the shop must read the same password from the same file). Throws one error naming every problem:
 * a setting given both ways (which one should win would be a guess), a file that cannot be read, an
 * empty file.
 *
 * @param {Readonly<Record<string, string | undefined>>} source
 * @param {(file: string) => string} readFile
 * @param {readonly string[]} [names]
 * @returns {Record<string, string | undefined>}
 */
export function readSecretFiles(source, readFile, names = SECRET_SETTINGS) {
  /** @type {Record<string, string | undefined>} */
  const resolved = { ...source };
  /** @type {string[]} */
  const problems = [];
  for (const name of names) {
    const fileSetting = `${name}_FILE`;
    const file = source[fileSetting];
    if (!file) continue;
    if (source[name]) {
      problems.push(
        `${name} and ${fileSetting} are both set: give the value once, either in ${name} or in a file named by ${fileSetting}.`,
      );
      continue;
    }
    let content;
    try {
      content = readFile(file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push(`${fileSetting}: cannot read ${file} (${reason}).`);
      continue;
    }
    const value = content.replace(/(\r?\n)+$/, "");
    if (value === "") problems.push(`${fileSetting}: ${file} is empty.`);
    else resolved[name] = value;
  }
  if (problems.length > 0) throw new Error(`Invalid secret settings:\n${problems.join("\n")}`);
  return resolved;
}
