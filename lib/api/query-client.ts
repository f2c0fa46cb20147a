import { QueryClient } from "@tanstack/react-query";
import { keepDataCache } from "@/lib/state/session";

// The shared data cache: stale after 5 s, kept 5 minutes, no refetch when the window regains focus.
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        gcTime: 300_000,
        refetchOnWindowFocus: false,
        retry: false,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The page's one data cache in the browser, shared by every island that uses it (the layout no
 * longer wraps the whole page in a provider, so browse pages load no react-query at all). A server
 * render gets a fresh client each time: nothing cached may cross from one request to another.
 */
export function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  if (!browserClient) {
    browserClient = makeQueryClient();
    keepDataCache(browserClient);
  }
  return browserClient;
}
