import type { Metadata } from "next";
import { connection } from "next/server";
import { ROUTES } from "@/lib/config/routes";
import { EMAIL_LINK_PARAM } from "@/lib/config/mail";
import { Container } from "@/components/ui/page";
import { LoginForm } from "@/components/account/login-form";
import { GoogleSignInButton, GoogleSignInUnavailable } from "@/components/account/google-sign-in";
import { ShopLink } from "@/components/ui/shop-link";
import { googleSignInOption, type GoogleSignInOption } from "@/lib/server/auth/oidc";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = {
  title: "Log in",
  description: "Log in to your Lenwell account to see your cart, orders and after-sale requests.",
  alternates: { canonical: ROUTES.login },
  robots: { index: false },
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Whether Google is offered is a runtime setting (and the issuer may be down): render per request.
  await connection();
  const google = await googleSignInOption();
  const link = (await searchParams)[EMAIL_LINK_PARAM];
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
          <LoginForm link={typeof link === "string" ? link : undefined} />
        </div>
        <GoogleSection option={google} />
        <p className="mt-5 text-center text-sm">
          <ShopLink href={ROUTES.resetPassword} className={`${TAP_TARGET} font-medium text-brand-700 underline`}>
            Forgot password?
          </ShopLink>
        </p>
      </div>
    </Container>
  );
}

function GoogleSection({ option }: { option: GoogleSignInOption }) {
  if (option.state === "off") return null;
  return (
    <div className="mt-6">
      <p className="mb-4 flex items-center gap-3 text-sm text-ink-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        or
      </p>
      {option.state === "ready" ? (
        <GoogleSignInButton
          authorizationEndpoint={option.authorizationEndpoint}
          clientId={option.clientId}
          redirectUri={option.redirectUri}
          scope={option.scope}
        />
      ) : (
        <GoogleSignInUnavailable />
      )}
    </div>
  );
}
