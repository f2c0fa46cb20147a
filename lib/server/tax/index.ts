import "server-only";

export * from "./sales-tax";
