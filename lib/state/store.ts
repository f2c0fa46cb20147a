import { createStore } from "jotai";

/**
 * The one jotai store of the browser app. The API client lives outside React and reads and
 * writes the session and loading state through it; <Providers> hands it to React.
 */
export const appStore = createStore();
