export * from "./seed";
