import "server-only";
import type { Redis } from "ioredis";

/**
 * Reports a Redis client's outages once each: without an "error" listener ioredis prints every
 * failed reconnection, and one line per outage says all there is to say. `report` gets the first
 * error of each outage; the next "ready" ends it.
 */
export function reportOutagesOnce(client: Redis, report: (error: Error) => void): Redis {
  let reported = false;
  client.on("ready", () => {
    reported = false;
  });
  client.on("error", (error: Error) => {
    if (reported) return;
    reported = true;
    report(error);
  });
  return client;
}
