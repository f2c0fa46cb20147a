import type { Metadata } from "next";
import { connection } from "next/server";
import { ROUTES } from "@/lib/config/routes";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { RegisterForm } from "@/components/account/register-form";

export const metadata: Metadata = {
  title: "Create an account",
  description: "Create a Lenwell account with your e-mail address to keep a cart, check out and follow your orders.",
  alternates: { canonical: ROUTES.register },
  robots: { index: false },
};

export default async function RegisterPage() {
  // Rendered per request for its nonce policy (lib/config/security-headers.ts): the form takes a
  // password, so no inline script it did not write may run beside it.
  await connection();
  return (
    <Container className="flex justify-center py-12 desk:py-20">
      <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-card desk:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Create an account</h1>
        <p className="mt-2 text-sm text-ink-soft">
          We e-mail you a code to confirm the address. Already registered?{" "}
          <ShopLink href={ROUTES.login} className="font-medium text-brand-700 underline">
            Log in
          </ShopLink>
          .
        </p>
        <div className="mt-6">
          <RegisterForm />
        </div>
      </div>
    </Container>
  );
}
