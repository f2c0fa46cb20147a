import { startTestIssuer } from "@/test/support/oidc-test-issuer";

// The local OpenID issuer the end-to-end tests sign in with (started by playwright.config.ts):
// `npx tsx e2e/oidc-server.ts <port>`. Each browser test says who signs in with a cookie on the
// issuer's origin (TEST_IDENTITY_COOKIE), so tests running side by side never share an identity.

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("Usage: npx tsx e2e/oidc-server.ts <port>");
  process.exit(2);
}

const issuer = await startTestIssuer(port);
console.log(`Test OpenID issuer at ${issuer.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void issuer.stop().finally(() => process.exit(0));
  });
}
