import { apiNotFound } from "@/lib/server/base/envelope";

// Any path under /api/v1/admin that no route handles answers in the API's own envelope.
export const GET = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const DELETE = apiNotFound;
export const PATCH = apiNotFound;
export const OPTIONS = apiNotFound;
