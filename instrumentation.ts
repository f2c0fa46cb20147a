// Runs once when a server process starts. The literal NEXT_RUNTIME test lets Next drop the
// database code from the Edge bundle (middleware), which cannot load PGlite or argon2.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { openDatabaseOnStart } = await import("./lib/db/open-on-start");
    await openDatabaseOnStart();
    const { startOrderExpirySweeper } = await import("./lib/server/orders/expiry-timer");
    startOrderExpirySweeper();
    const { mailWorker } = await import("./lib/server/mail/outbox");
    mailWorker().start();
    const { SCHEDULED_JOBS, startScheduler } = await import("./lib/server/jobs");
    startScheduler(SCHEDULED_JOBS);
  }
}
