import "server-only";

export * from "./transaction";
