import { reminderSettingsBodySchema } from "@/lib/schemas/filter-shipments";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { reminderSettings, setReminderSubscription } from "@/lib/server/reminders";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => reminderSettings(user.id));

export const POST = apiRoute({ auth: "customer", body: reminderSettingsBodySchema }, async ({ user, body }) =>
  setReminderSubscription(user.id, body.subscribed),
);

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods("GET", "POST");
