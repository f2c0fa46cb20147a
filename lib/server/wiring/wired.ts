import "server-only";
import { wireDomains } from "./subscriptions";

// The top of the server: importing it (through lib/server/wiring) subscribes the domains to one
// another: every route handler does, through apiRoute; pages through the root layout; jobs through
// instrumentation; tests through vitest.setup.ts. Nothing below lib/server/http imports it.
wireDomains();

export { SCHEDULED_JOBS, TIMED_JOBS } from "./jobs";
