import { reportPeriodQuerySchema } from "@/lib/schemas/reports";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { csvResponse } from "@/lib/server/reports/csv";
import { operatorExport } from "@/lib/server/reports/exports";

export const GET = apiRoute({ auth: "operator", query: reportPeriodQuerySchema }, async ({ user, query }) => {
  const file = operatorExport(user, "order-lines", query);
  return csvResponse(file.stream, file.fileName);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
