export { SCHEDULED_JOBS, TIMED_JOBS } from "./wired";
export { wireDomains } from "./subscriptions";
