import { PROOF_MAX_BYTES } from "@/lib/config/purifiers";
import { PURIFIER_MESSAGES, purifierProofQuerySchema } from "@/lib/schemas/purifier";
import { downloadResponse } from "@/lib/server/http/download";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { readUpload } from "@/lib/server/http/upload";
import { attachProof, customerProof } from "@/lib/server/purifiers";

// The one upload of the shop (multipart/form-data: `purifierId` and `file`), and the file sent back
// to its owner: docs/api.md "Proof of purchase".

export const POST = apiRoute({ auth: "customer" }, async ({ user, request }) =>
  attachProof(
    user.id,
    await readUpload(request, { fileField: "file", maxFileBytes: PROOF_MAX_BYTES, tooLarge: PURIFIER_MESSAGES.proofTooLarge }),
  ),
);

export const GET = apiRoute({ auth: "customer", query: purifierProofQuerySchema }, async ({ user, query }) =>
  downloadResponse(await customerProof(user.id, query.purifierId)),
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");
