import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startCapturedShop, type CapturedShop } from "./support/captured-shop";
import { expect, test } from "./fixtures";

// OpenTelemetry: the build under test, started once more with OTEL_EXPORTER_OTLP_ENDPOINT pointing at
// a local stand-in for an OTLP/HTTP collector, sends the spans Next.js writes for the requests it
// serves, under the service name lenwell-shop. (The e2e server itself has no endpoint: no tracing
// code is loaded there at all.)

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: { name: string; traceId: string }[] }[];
  }[];
}

interface ReceivedSpan {
  name: string;
  traceId: string;
  service: string | undefined;
}

/** A collector's trace endpoint that keeps every span it is sent (OTLP/HTTP, JSON encoding). */
async function startCollector(): Promise<{ url: string; paths: string[]; spans: ReceivedSpan[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      paths.push(request.url ?? "");
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === "service.name")?.value.stringValue;
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ name: span.name, traceId: span.traceId, service });
        }
      }
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test.describe("traces go to the OTLP collector when one is set", () => {
  let collector: Awaited<ReturnType<typeof startCollector>> | null = null;
  let shop: CapturedShop | null = null;

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "desktop") return;
    testInfo.setTimeout(90_000);
    collector = await startCollector();
    // Beside the e2e server (E2E_PORT), the OpenID issuer (+1), the https shop (+2) and the Stripe projects' (+4, +5).
    const port = Number(process.env.E2E_PORT ?? 3100) + 3;
    shop = await startCapturedShop(port, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
  });

  test.afterAll(async () => {
    await shop?.stop();
    await collector?.close();
  });

  test("a product page and an API call arrive as spans of lenwell-shop, continuing the caller's trace", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server started for the run; traces do not depend on the screen");
    if (!shop || !collector) throw new Error("the traced shop did not start");
    const { spans, paths } = collector;
    testInfo.setTimeout(60_000);
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const page = await request.get(`${shop.url}/mart/detail/LW-RO600`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(page.status()).toBe(200);
    expect((await request.get(`${shop.url}/api/v1/c/merchandise/list`)).status()).toBe(200);
    // Spans leave in batches (every few seconds), off the requests' path.
    await expect
      .poll(() => spans.map((span) => span.name), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["GET /mart/detail/[sku]", "GET /api/v1/c/merchandise/list"]));
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(["lenwell-shop"]));
    expect(new Set(paths)).toEqual(new Set(["/v1/traces"]));
    expect(spans.find((span) => span.name === "GET /mart/detail/[sku]")?.traceId).toBe(traceId);
  });
});
