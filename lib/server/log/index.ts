import "server-only";

export * from "./log";
