import { COOKIES, STORAGE_KEYS } from "@/lib/config/store";

// The root layout's one inline script. It runs before first paint so the app-webview variant never
// flashes the web-only parts. It carries no nonce (reading one would make every page dynamic): a
// cached page's policy allows it by the sha256 stored with the page, a page rendered per request
// by the sha256 of this very string.
//
// It reads the cookie only. Local storage, where the platform is also remembered, is written here
// for the app's pages and read back after the page has started (lib/visitor/platform.ts): the
// first touch of local storage is a synchronous trip to the browser's storage, and before the
// first paint every web visitor would pay for it.
export const HEAD_SCRIPT = `try{if(document.cookie.split("; ").indexOf("${COOKIES.platform}=app")>-1){document.documentElement.dataset.platform="app";localStorage.setItem("${STORAGE_KEYS.platform}","app")}}catch(e){}`;
