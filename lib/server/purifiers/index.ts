import "server-only";

export * from "./purifiers";
