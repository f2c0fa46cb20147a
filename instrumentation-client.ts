// Runs in the browser before any page module. zod 4 compiles object parsers with `new Function`
// unless told not to, and probes for it on the first schema it builds: under the site's policies
// (no 'unsafe-eval') the probe fails quietly but is still reported as a CSP violation. The
// interpreted parsers are plenty fast for forms.
//
// zod keeps its settings on `globalThis.__zod_globalConfig`, where every copy of zod reads them
// (`config()` from "zod/v4/core" writes the same object). Writing `jitless` there directly keeps
// zod's core (5 KB gzip) out of every page's first load: pages that never validate anything do
// not load zod at all. lib/zod-config.test.ts holds zod to reading it from there.
import { ZOD_CONFIG_GLOBAL } from "@/lib/site/zod-config";

const scope = globalThis as typeof globalThis & { [ZOD_CONFIG_GLOBAL]?: { jitless?: boolean } };
scope[ZOD_CONFIG_GLOBAL] = { ...scope[ZOD_CONFIG_GLOBAL], jitless: true };
