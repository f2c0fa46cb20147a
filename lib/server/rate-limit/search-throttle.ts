import "server-only";
import { SEARCH_LIMITS } from "@/lib/config/auth";
import { AddressBucket, isRefusal, tooManyAttempts } from "./limits";
import { perStore, type LimiterStore } from "./store";

// Site search per known client address (docs/api.md Rate limits): each search is a few indexed
// statements, cheap, but a script asking without pause would take the database from the shop.

export class SearchThrottle {
  private readonly searches: AddressBucket;

  constructor(store: LimiterStore) {
    this.searches = new AddressBucket(store, "search", SEARCH_LIMITS);
  }

  /** Takes one search; a 429 once the address has searched too often. An unknown address is not counted. */
  async take(ip: string | null): Promise<void> {
    try {
      await this.searches.take(ip);
    } catch (error) {
      throw isRefusal(error) ? tooManyAttempts("Too many searches.", error.msBeforeNext) : error;
    }
  }
}

/** The app's SearchThrottle, on the store limiterStore() answers. */
export const searchThrottle = perStore((store) => new SearchThrottle(store));
