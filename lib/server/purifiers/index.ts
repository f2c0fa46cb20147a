import "server-only";

export * from "./purifiers";
export { attachProof, customerProof, type ProofFile, type ProofUpload } from "./proofs";
export {
  operatorListPurifiers,
  operatorListVerifications,
  operatorProof,
  operatorRejectPurifier,
  operatorVerifyPurifier,
} from "./operator";
