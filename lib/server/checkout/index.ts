import "server-only";

// Checkout: the one entry point the route handlers import.
export { buyNow, checkoutCart, createPendingOrder, type NewOrderOptions } from "./place-order";
