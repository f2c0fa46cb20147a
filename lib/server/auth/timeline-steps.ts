import "server-only";
import type { EVENT_ACTORS } from "@/lib/config/roles";
import type { DbExecutor } from "@/lib/db/client";
import { emailsOfUsers } from "./users";

// The console's timelines (an order's, an after-sale request's) name who took each step by e-mail;
// accounts are auth's, so the steps are dressed here, once for every record kind.

type Actor = (typeof EVENT_ACTORS)[number];

/** A step as a record's events table keeps it. */
export interface RecordedStep {
  type: string;
  actor: Actor;
  actorUserId: string | null;
  note: string | null;
  createdAt: Date;
}

/** A step as the console shows it. */
export interface TimelineStep {
  type: string;
  actor: Actor;
  /** The e-mail of the customer or operator who did it; null for the system or a removed account. */
  by: string | null;
  note: string | null;
  at: string;
}

/** The steps in their order, each with its taker's e-mail; `noteOf` may say a step's note better than it was stored. */
export async function timelineSteps<Step extends RecordedStep>(
  db: DbExecutor,
  steps: readonly Step[],
  noteOf: (step: Step) => string | null = (step) => step.note,
): Promise<TimelineStep[]> {
  const emailOf = await emailsOfUsers(
    db,
    steps.map((step) => step.actorUserId),
  );
  return steps.map((step) => ({
    type: step.type,
    actor: step.actor,
    by: emailOf(step.actorUserId),
    note: noteOf(step),
    at: step.createdAt.toISOString(),
  }));
}
