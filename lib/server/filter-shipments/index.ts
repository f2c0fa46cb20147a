import "server-only";

// The filter schedule: members' filters shipped on schedule, non-members reminded, skip and
// postpone, the console's view. The one entry point pages, routes and the scheduler import.
export { adminFilterSchedule, type AdminFilterSchedule, type AdminFilterShipment, type AdminShipmentState } from "./admin";
export { postponeFilterShipment, skipFilterShipment, upcomingFilterShipments } from "./customer";
export { filterRemindersJob, filterShipmentsJob, runFilterReminders, runFilterShipments } from "./jobs";
export { FILTER_SHIPMENT_MESSAGES } from "./messages";
