import "server-only";

// The after-sale service: the one entry point the route handlers and pages import.
export { applyAfterSale, cancelAfterSale, getAfterSaleForCustomer, listAfterSales, submitAfterSaleTracking } from "./customer";
export {
  operatorGetAfterSale,
  operatorListAfterSales,
  approveAfterSale,
  completeAfterSale,
  receiveAfterSale,
  rejectAfterSale,
} from "./operator";
export { AFTER_SALE_MESSAGES } from "./messages";
