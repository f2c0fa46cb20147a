import { COOKIES, STORAGE_KEYS } from "@/lib/config/store";

// The root layout's one inline script. It runs before first paint so the app-webview variant never
// flashes the web-only parts. It carries no nonce (reading one would make every page dynamic): the
// static policy allows it with 'unsafe-inline', the nonce policy by the sha256 of this very string.
export const HEAD_SCRIPT = `try{var a=document.cookie.split("; ").indexOf("${COOKIES.platform}=app")>-1;if(a)localStorage.setItem("${STORAGE_KEYS.platform}","app");if(a||localStorage.getItem("${STORAGE_KEYS.platform}")==="app")document.documentElement.dataset.platform="app"}catch(e){}`;
