import type { Metadata } from "next";
import { ROUTES } from "@/lib/config/routes";
import { Container } from "@/components/ui/page";
import { LoginForm } from "@/components/account/login-form";
import { ShopLink } from "@/components/ui/shop-link";

export const metadata: Metadata = {
  title: "Log in",
  description: "Log in to your Lenwell account to see your cart, orders and after-sale requests.",
  alternates: { canonical: ROUTES.login },
  robots: { index: false },
};

export default function LoginPage() {
  return (
    <Container className="flex justify-center py-12 desk:py-20">
      <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-card desk:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Log in</h1>
        <p className="mt-2 text-sm text-ink-soft">
          Your cart, orders and after-sale requests are waiting. New here?{" "}
          <ShopLink href={ROUTES.register} className="font-medium text-brand-700 underline">
            Create an account
          </ShopLink>
          .
        </p>
        <div className="mt-6">
          <LoginForm />
        </div>
        <p className="mt-5 text-center text-sm">
          <ShopLink href={ROUTES.resetPassword} className="font-medium text-brand-700 underline">
            Forgot password?
          </ShopLink>
        </p>
      </div>
    </Container>
  );
}
