import "server-only";

// The filter schedule: members' filters shipped on schedule, non-members reminded, skip and
// postpone, the console's view. The one entry point pages, routes and the scheduler import.
export { operatorFilterSchedule, type OperatorFilterSchedule, type OperatorFilterShipment, type OperatorShipmentState } from "./operator";
export { postponeFilterShipment, skipFilterShipment, upcomingFilterShipments } from "./customer";
export { filterRemindersJob, filterShipmentsJob, runFilterReminders, runFilterShipments } from "./jobs";
export { FILTER_SHIPMENT_MESSAGES } from "./messages";
