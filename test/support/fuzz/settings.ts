import { z } from "zod";

// The fuzz's own settings, read here and not in lib/config: the shop never reads them. FUZZ_RUNS
// raises the runs per route and caller (60 is about 5,000 calls per engine); FUZZ_SEED picks
// another fixed sequence of calls.

export const fuzzSettings = z
  .object({
    FUZZ_RUNS: z.coerce.number().int().min(1).default(40),
    FUZZ_SEED: z.coerce.number().int().default(20_261_124),
  })
  .parse(process.env);
