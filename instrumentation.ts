// Runs once when a server process starts. The literal NEXT_RUNTIME test lets Next drop the
// database code from the Edge bundle (middleware), which cannot load PGlite or argon2.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      // The settings first: a missing or wrong one (a Stripe key of the wrong kind, say) stops the
      // start here, with every problem named, instead of failing each request later.
      await import("./lib/config/env");
      (await import("./lib/config/database")).readDatabaseSettings();
    } catch (error) {
      // A logger that reads no setting: the settings are what failed.
      const { createLogger } = await import("./lib/log/logger");
      createLogger({ level: "info" }).fatal(`The shop cannot start. ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    // Before anything else is served: every request gets its X-Request-Id and its log lines, and
    // HSTS when the shop is https only; a page put into the cache gets its policy (cache-handler.mjs),
    // and the server's front of that cache learns which requests are a customer's own.
    const [
      { log },
      { trackRequests },
      { sendStrictTransportSecurity },
      { HTTPS_ONLY },
      { provideCachedPagePolicy },
      { configureFrontCache },
    ] = await Promise.all([
      import("./lib/server/log"),
      import("./lib/server/log/request-tracking"),
      import("./lib/server/http/transport-security"),
      import("./lib/config/transport"),
      import("./lib/server/http/cached-page-policy"),
      import("./lib/server/page-cache/front-cache"),
    ]);
    trackRequests(log);
    sendStrictTransportSecurity(HTTPS_ONLY);
    provideCachedPagePolicy();
    configureFrontCache();
    const { env } = await import("./lib/config/env");
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
      // Only here: without a collector no tracing code is even loaded.
      const { startTracing } = await import("./lib/server/ops/tracing");
      await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
    }
    const { openDatabaseOnStart } = await import("./lib/db/open-on-start");
    await openDatabaseOnStart();
    const { mailWorker } = await import("./lib/server/mail/outbox");
    mailWorker().start();
    // Every /search page served, from the cache too, counted for the operator's Searches page.
    const searchCounts = (await import("./lib/server/search")).countSearchPageViews();
    const [{ TIMED_JOBS }, { startScheduler, stopScheduler }] = await Promise.all([
      import("./lib/server/wiring"),
      import("./lib/server/jobs/scheduler"),
    ]);
    startScheduler(TIMED_JOBS);
    // In development Next's own handler stays: `next dev` restarts and stops its workers itself.
    if (env.NODE_ENV === "production") {
      const [{ installGracefulShutdown }, { getDatabase }] = await Promise.all([
        import("./lib/server/lifecycle/shutdown"),
        import("./lib/db/client"),
      ]);
      installGracefulShutdown({
        timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
        drainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
        stopWork: [
          { label: "the scheduled jobs", run: stopScheduler },
          { label: "the mail worker", run: () => mailWorker().stop() },
        ],
        finally: [
          // After the requests: the searches served while the instance drains are counted too.
          { label: "the search counts", run: () => searchCounts.stop() },
          { label: "closing the database", run: async () => (await getDatabase()).close() },
          // The last spans go out before the process does.
          ...(env.OTEL_EXPORTER_OTLP_ENDPOINT
            ? [{ label: "sending the last traces", run: async () => (await import("./lib/server/ops/tracing")).stopTracing() }]
            : []),
        ],
      });
    }
  }
}
