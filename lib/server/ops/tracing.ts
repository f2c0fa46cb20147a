import "server-only";
import type { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

// OpenTelemetry traces, sent over OTLP/HTTP to a collector. Next.js writes the spans itself (one per
// request, `GET /mart/detail/[sku]`, and its render and fetch spans below it) as soon as a tracer
// provider is registered; this registers one. instrumentation.ts imports this module only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, so without it no tracing code is loaded at all.

const holder = globalThis as typeof globalThis & { __lenwellTracing?: NodeTracerProvider };

export interface TracingSettings {
  /** The collector's base address; spans go to `${endpoint}/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** Registers the process's tracer provider (once) and starts sending spans in batches. */
export async function startTracing({ endpoint, serviceName }: TracingSettings): Promise<void> {
  if (holder.__lenwellTracing) return;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { ATTR_SERVICE_NAME }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/semantic-conventions"),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    // Batches keep the export off the request's path; a collector that is down costs dropped spans,
    // never a slower page.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces`, timeoutMillis: 5_000 }))],
  });
  // Also installs the AsyncLocalStorage context manager and the W3C traceparent propagator, so a
  // request that arrives with a traceparent continues the caller's trace.
  provider.register();
  holder.__lenwellTracing = provider;
}

/** Sends the spans still waiting and stops (for the shutdown: the batch would otherwise be lost). */
export async function stopTracing(): Promise<void> {
  const provider = holder.__lenwellTracing;
  if (!provider) return;
  holder.__lenwellTracing = undefined;
  await provider.shutdown();
}
