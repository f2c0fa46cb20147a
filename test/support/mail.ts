import { newestMailTo } from "@/lib/server/mail/outbox-reader";
import { mailWorker } from "@/lib/server/mail/outbox";

/**
 * Sends what the outbox holds now, as the worker would after the answer, and resolves once it is
 * out: a test reads a message only after this, never racing the background send.
 */
export async function deliverQueuedMail(): Promise<void> {
  // Through the process's worker, whose drains never overlap: messages go out in the order queued.
  const worker = mailWorker();
  worker.nudge();
  await worker.idle();
}

/** The newest message to `to` in the outbox folder `dir`, once what was queued has been sent. */
export async function deliveredMailTo(dir: string, to: string): Promise<string | null> {
  await deliverQueuedMail();
  return newestMailTo(dir, to);
}
