// The types of secret-files.mjs (plain JavaScript: cache-handler.mjs loads it outside the bundle).

export declare const SECRET_SETTINGS: readonly string[];

export declare function readSecretFiles(
  source: Readonly<Record<string, string | undefined>>,
  readFile: (file: string) => string,
  names?: readonly string[],
): Record<string, string | undefined>;
