import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { answerReadiness } from "@/lib/server/ops/probes";

// The readiness probe: open to anyone (load balancers carry no session); 503 names what is not ready.
export const dynamic = "force-dynamic";

export const GET = apiRoute({ auth: "none" }, async () => answerReadiness());

export const { POST, OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET");
