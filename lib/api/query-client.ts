import { QueryClient } from "@tanstack/react-query";

// The spec's data cache: stale after 5 s, kept 5 minutes, no refetch when the window regains focus.
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
