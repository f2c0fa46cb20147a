import { config } from "zod/v4/core";

// Runs in the browser before any page module. zod 4 compiles object parsers with `new Function`
// unless told not to, and probes for it on the first schema it builds: under the site's policies
// (no 'unsafe-eval') the probe fails quietly but is still reported as a CSP violation. The
// interpreted parsers are plenty fast for forms. Only zod's core settings are imported here, so
// pages that never validate anything do not load zod itself.
config({ jitless: true });
