import "server-only";

export * from "./opt-outs";
