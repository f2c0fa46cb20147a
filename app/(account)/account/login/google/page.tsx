import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { Container } from "@/components/ui/page";
import { GoogleCallback, SigningIn } from "@/components/account/google-callback";
import { GOOGLE_CALLBACK_PATH } from "@/lib/config/oidc";

export const metadata: Metadata = {
  title: "Signing in with Google",
  alternates: { canonical: GOOGLE_CALLBACK_PATH },
  robots: { index: false },
};

export default async function GoogleCallbackPage() {
  // Rendered per request for its nonce policy (lib/config/security-headers.ts): the page trades the
  // code in its address for a session, so no inline script it did not write may run beside it.
  await connection();
  return (
    <Container className="flex justify-center py-12 desk:py-20">
      <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-card desk:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Continue with Google</h1>
        <div className="mt-6">
          {/* The code and state are in the address, which only the browser reads. */}
          <Suspense fallback={<SigningIn />}>
            <GoogleCallback />
          </Suspense>
        </div>
      </div>
    </Container>
  );
}
