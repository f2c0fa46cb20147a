import { ROUTES, searchPath } from "@/lib/config/routes";
import { expect, test } from "./fixtures";

// The middleware's rewrites are answered by the process that took the request. Started with a
// hostname (-H 127.0.0.1, as here, or the image's 0.0.0.0), Next's router addressed itself by that
// name while the middleware built its rewrites on "localhost": every rewrite looked like another
// origin's, and Next proxied it over HTTP to itself (twice the work for every such page, and the
// warning of a response with eleven close listeners). scripts/serve.mjs gives Next no hostname.
const REWRITTEN = [
  { kind: "a store shelf the store does not have (the 404 page)", path: `${ROUTES.store}?category=kitchen`, status: 404 },
  {
    kind: "search results from the cache, asked with the app marker",
    path: `${searchPath("replacement filter")}&platform=app`,
    status: 200,
  },
  { kind: "search results from the cache, for words a path cannot carry as they are", path: searchPath("filter & membrane"), status: 200 },
];

test.describe("rewrites", () => {
  for (const { kind, path, status } of REWRITTEN) {
    test(`${kind} is rewritten within the server (${path})`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(status);
      const rewrite = response.headers()["x-middleware-rewrite"];
      expect(rewrite, `${path} went through the middleware's rewrite`).toBeDefined();
      expect(rewrite, `${path} was rewritten to a path of this server, not proxied to an origin`).toMatch(/^\/[^/]/);
    });
  }
});
