/** The global object zod 4 reads its settings from (see instrumentation-client.ts). */
export const ZOD_CONFIG_GLOBAL = "__zod_globalConfig";
