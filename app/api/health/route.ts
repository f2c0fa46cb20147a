import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { answerHealth } from "@/lib/server/ops/probes";

// The liveness probe: open to anyone (load balancers carry no session), answers from memory.
export const dynamic = "force-dynamic";

export const GET = apiRoute({ auth: "none" }, async () => answerHealth());

export const { POST, OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET");
