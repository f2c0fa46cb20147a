import "server-only";

export * from "./cart";
