// Runs once when a server process starts. The literal NEXT_RUNTIME test lets Next drop the
// database code from the Edge bundle (middleware), which cannot load PGlite or argon2.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      // The settings first: a missing or wrong one (a Stripe key of the wrong kind, say) stops the
      // start here, with every problem named, instead of failing each request later.
      await import("./lib/config/env");
    } catch (error) {
      console.error(`The shop cannot start. ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const { openDatabaseOnStart } = await import("./lib/db/open-on-start");
    await openDatabaseOnStart();
    const { mailWorker } = await import("./lib/server/mail/outbox");
    mailWorker().start();
    const { TIMED_JOBS, startScheduler, stopScheduler } = await import("./lib/server/jobs");
    startScheduler(TIMED_JOBS);
    const { env } = await import("./lib/config/env");
    // In development Next's own handler stays: `next dev` restarts and stops its workers itself.
    if (env.NODE_ENV === "production") {
      const [{ installGracefulShutdown }, { getDatabase }] = await Promise.all([
        import("./lib/server/lifecycle/shutdown"),
        import("./lib/db/client"),
      ]);
      installGracefulShutdown({
        timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
        stopWork: [
          { label: "the scheduled jobs", run: stopScheduler },
          { label: "the mail worker", run: () => mailWorker().stop() },
        ],
        finally: [{ label: "closing the database", run: async () => (await getDatabase()).close() }],
      });
    }
  }
}
