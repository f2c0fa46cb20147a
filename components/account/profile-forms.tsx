"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { callApi } from "@/lib/api/client";
import { US_STATES } from "@/lib/config/us-states";
import { saveProfileBodySchema } from "@/lib/schemas/auth";
import type { User } from "@/lib/schemas/user";
import { usernameAtom } from "@/lib/state/atoms";
import { showToastAtom } from "@/lib/state/notices";
import { Field } from "./field";
import { FormAlert, SubmitButton } from "./form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "./form-helpers";

const PROFILE_FIELDS = [
  "username",
  "phone",
  "defaultAddress.fullName",
  "defaultAddress.line1",
  "defaultAddress.line2",
  "defaultAddress.city",
  "defaultAddress.state",
  "defaultAddress.zip",
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim();

/** Zod paths (["defaultAddress", "zip"]) and API paths ("defaultAddress.zip") as one key. */
function joinPaths<T extends { path: string | readonly PropertyKey[]; message: string }>(issues: readonly T[]) {
  return issues.map((issue) => ({
    path: typeof issue.path === "string" ? issue.path : issue.path.map(String).join("."),
    message: issue.message,
  }));
}

export function ProfileForm({ user }: { user: User }) {
  const [errors, setErrors] = useState<FormErrors<ProfileField>>({});
  const [pending, setPending] = useState(false);
  const setUsername = useSetAtom(usernameAtom);
  const showToast = useSetAtom(showToastAtom);
  const address = user.defaultAddress;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const hasAddress = ["fullName", "line1", "city", "zip"].some((name) => text(data, name));
    const line2 = text(data, "line2");
    const parsed = saveProfileBodySchema.safeParse({
      username: text(data, "username") || undefined,
      phone: text(data, "phone") || null,
      defaultAddress: hasAddress
        ? {
            fullName: text(data, "fullName"),
            line1: text(data, "line1"),
            ...(line2 ? { line2 } : {}),
            city: text(data, "city"),
            state: text(data, "state"),
            zip: text(data, "zip"),
          }
        : null,
    });
    if (!parsed.success) {
      setErrors(toFormErrors(PROFILE_FIELDS, joinPaths(parsed.error.issues)));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await callApi<{ user: User }>("post", "ulogin/save", { json: parsed.data, quiet: true });
      setUsername(result.user.username ?? result.user.email);
      showToast({ tone: "success", message: "Your details are saved." });
    } catch (error) {
      setErrors(errorsFromFailure(PROFILE_FIELDS, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <FormAlert message={errors.form} />
      <Field id="profile-name" name="username" label="Name" autoComplete="name" defaultValue={user.username ?? ""} error={errors.username} />
      <Field id="profile-phone" name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={user.phone ?? ""} error={errors.phone} />
      <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Default delivery address (United States)</legend>
        <Field id="address-name" name="fullName" label="Recipient" autoComplete="shipping name" defaultValue={address?.fullName ?? ""} error={errors["defaultAddress.fullName"]} />
        <Field id="address-line1" name="line1" label="Street address" autoComplete="shipping address-line1" defaultValue={address?.line1 ?? ""} error={errors["defaultAddress.line1"]} />
        <Field id="address-line2" name="line2" label="Apartment, suite (optional)" autoComplete="shipping address-line2" defaultValue={address?.line2 ?? ""} error={errors["defaultAddress.line2"]} />
        <Field id="address-city" name="city" label="City" autoComplete="shipping address-level2" defaultValue={address?.city ?? ""} error={errors["defaultAddress.city"]} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="address-state" className="text-sm font-medium text-ink">
            State
          </label>
          <select
            id="address-state"
            name="state"
            autoComplete="shipping address-level1"
            defaultValue={address?.state ?? ""}
            aria-invalid={errors["defaultAddress.state"] ? true : undefined}
            aria-describedby={errors["defaultAddress.state"] ? "address-state-error" : undefined}
            className="h-12 rounded-xl border border-line bg-white px-3 text-base text-ink"
          >
            <option value="">Choose a state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {errors["defaultAddress.state"] ? (
            <p id="address-state-error" className="text-sm font-medium text-red-700">
              {errors["defaultAddress.state"]}
            </p>
          ) : null}
        </div>
        <Field id="address-zip" name="zip" label="ZIP code" inputMode="numeric" autoComplete="shipping postal-code" defaultValue={address?.zip ?? ""} error={errors["defaultAddress.zip"]} />
      </fieldset>
      <SubmitButton pending={pending} label="Save details" pendingLabel="Saving…" />
    </form>
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;

export function ChangePasswordForm() {
  const [errors, setErrors] = useState<FormErrors<(typeof PASSWORD_FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const showToast = useSetAtom(showToastAtom);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = saveProfileBodySchema.safeParse({
      currentPassword: String(data.get("currentPassword") ?? ""),
      newPassword: String(data.get("newPassword") ?? ""),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(PASSWORD_FIELDS, joinPaths(parsed.error.issues)));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await callApi("post", "ulogin/save", { json: parsed.data, quiet: true });
      form.reset();
      showToast({ tone: "success", message: "Password changed. Other devices are signed out." });
    } catch (error) {
      setErrors(errorsFromFailure(PASSWORD_FIELDS, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <FormAlert message={errors.form} />
      <Field id="password-current" name="currentPassword" type="password" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
      <Field
        id="password-new"
        name="newPassword"
        type="password"
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword}
      />
      <SubmitButton pending={pending} label="Change password" pendingLabel="Changing…" />
    </form>
  );
}
