import "server-only";

export * from "./shipping";
