import type { Metadata } from "next";
import { connection } from "next/server";
import { ROUTES } from "@/lib/config/routes";
import { Container } from "@/components/ui/page";
import { ResetForm } from "@/components/account/reset-form";

export const metadata: Metadata = {
  title: "Reset your password",
  description: "Choose a new password for your Lenwell account with a code sent to your e-mail address.",
  alternates: { canonical: ROUTES.resetPassword },
  robots: { index: false },
};

export default async function ResetPage() {
  // Rendered per request for its nonce policy (lib/config/security-headers.ts): the form takes a
  // password, so no inline script it did not write may run beside it.
  await connection();
  return (
    <Container className="flex justify-center py-12 desk:py-20">
      <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-card desk:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Reset your password</h1>
        <p className="mt-2 text-sm text-ink-soft">We e-mail a code to the address of your account.</p>
        <div className="mt-6">
          <ResetForm />
        </div>
      </div>
    </Container>
  );
}
