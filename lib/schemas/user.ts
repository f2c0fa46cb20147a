import { z } from "zod";
import { usAddressSchema } from "./auth";

// `user` as design/api.md defines it; shared by the server's responses and the browser's reads.

export const membershipSchema = z.object({
  plan: z.string(),
  status: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  defaultAddress: usAddressSchema.nullable(),
  membership: membershipSchema.nullable(),
});

export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({ user: userSchema });
