import "server-only";
import { MEMBERSHIP_JOBS } from "@/lib/server/memberships/jobs";
import { filterRemindersJob, filterShipmentsJob } from "@/lib/server/filter-shipments";
import { moneyRecheckJob, orderExpiryJob } from "@/lib/server/orders/expiry-job";
import type { ScheduledJob } from "@/lib/server/jobs/scheduler";

// Every scheduled job of the shop, in the order a tick runs them. Each domain owns its job (the work
// and its claim on each item) in lib/server/<domain>; this list only names them, from above every domain (lib/server/wiring).
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [...MEMBERSHIP_JOBS, filterShipmentsJob, filterRemindersJob];

/** What the timers of each instance run: the scheduled work, unpaid orders expiring, and interrupted payments and refunds finished. */
export const TIMED_JOBS: readonly ScheduledJob[] = [...SCHEDULED_JOBS, orderExpiryJob, moneyRecheckJob];
