import { startStripeDouble } from "./index";

// Runs the double for Playwright's webServer: `npx tsx test/support/stripe-double/cli.ts <port>
// [--webhook <url>]`. Prints one JSON line with the URL and keys; fixed keys come from
// STRIPE_DOUBLE_SECRET_KEY, STRIPE_DOUBLE_PUBLISHABLE_KEY and STRIPE_DOUBLE_WEBHOOK_SECRET so the
// shop under test can be started with the same values.

function usage(): never {
  process.stderr.write("usage: tsx test/support/stripe-double/cli.ts <port> [--webhook <url>]\n");
  process.exit(2);
}

const args = process.argv.slice(2);
let port: number | undefined;
let webhookUrl: string | null = null;
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index];
  if (arg === "--webhook") {
    const value = args[index + 1];
    if (!value) usage();
    webhookUrl = value;
    index += 1;
  } else if (arg !== undefined && /^\d+$/.test(arg) && port === undefined) {
    port = Number(arg);
  } else {
    usage();
  }
}

const double = await startStripeDouble({
  port: port ?? 0,
  webhookUrl,
  keys: {
    secretKey: process.env.STRIPE_DOUBLE_SECRET_KEY || undefined,
    publishableKey: process.env.STRIPE_DOUBLE_PUBLISHABLE_KEY || undefined,
    webhookSecret: process.env.STRIPE_DOUBLE_WEBHOOK_SECRET || undefined,
  },
});

process.stdout.write(
  `${JSON.stringify({
    url: double.url,
    secretKey: double.secretKey,
    publishableKey: double.publishableKey,
    webhookSecret: double.webhookSecret,
    stripeJsUrl: `${double.url}/v3`,
    webhookUrl,
  })}\n`,
);

function stop(): void {
  double.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
