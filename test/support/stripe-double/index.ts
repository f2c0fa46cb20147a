export * from "./double";
