"use client";

import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { callApi } from "@/lib/api/client";
import { loginOnExpiry } from "@/lib/api/login-on-expiry";
import { saveProfileBodySchema } from "@/lib/schemas/auth";
import { profileResponseSchema, type User } from "@/lib/schemas/user";
import { usernameAtom } from "@/lib/state/atoms";
import { showToastAtom } from "@/lib/state/notices";
import { ADDRESS_FIELD_NAMES, AddressFields, addressFromForm, type AddressFieldName } from "@/components/orders/address-fields";
import { Field } from "./field";
import { FormAlert } from "@/components/ui/form-alert";
import { SubmitButton } from "./form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "./form-helpers";

const PROFILE_FIELDS = ["username", "phone", ...ADDRESS_FIELD_NAMES.map((name) => `defaultAddress.${name}` as const)] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The address part of the profile's errors, keyed as the shared address fieldset expects. */
function addressErrors(errors: FormErrors<ProfileField>): Partial<Record<AddressFieldName, string>> {
  return Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, errors[`defaultAddress.${name}`]]));
}

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
    const parsed = saveProfileBodySchema.safeParse({
      username: text(data, "username") || undefined,
      phone: text(data, "phone") || null,
      defaultAddress: hasAddress ? addressFromForm(data) : null,
    });
    if (!parsed.success) {
      setErrors(toFormErrors(PROFILE_FIELDS, joinPaths(parsed.error.issues)));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await callApi("post", "ulogin/save", profileResponseSchema, { json: parsed.data }).catch(loginOnExpiry);
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
      <Field
        id="profile-name"
        name="username"
        label="Name"
        autoComplete="name"
        defaultValue={user.username ?? ""}
        error={errors.username}
      />
      <Field
        id="profile-phone"
        name="phone"
        type="tel"
        label="Phone (optional)"
        autoComplete="tel"
        defaultValue={user.phone ?? ""}
        error={errors.phone}
      />
      <AddressFields
        idPrefix="address"
        legend="Default delivery address (United States)"
        address={address}
        errors={addressErrors(errors)}
      />
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
      await callApi("post", "ulogin/save", profileResponseSchema, { json: parsed.data }).catch(loginOnExpiry);
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
      <Field
        id="password-current"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword}
      />
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
