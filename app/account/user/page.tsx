import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ROUTES } from "@/lib/config/routes";
import { currentUser } from "@/lib/server/auth/current-user";
import { Container } from "@/components/ui/page";
import { ChangePasswordForm, ProfileForm } from "@/components/account/profile-forms";

export const metadata: Metadata = {
  title: "My account",
  robots: { index: false },
};

// Protected: the page checks the session itself; the middleware's redirect is only a shortcut.
export default async function AccountPage() {
  const user = await currentUser();
  if (!user) redirect(ROUTES.login);
  return (
    <Container className="py-10 desk:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink">My account</h1>
      <p className="mt-2 text-ink-soft">
        Signed in as <span className="font-medium text-ink">{user.email}</span>
      </p>
      <div className="mt-8 grid gap-8 desk:grid-cols-[3fr_2fr]">
        <section aria-labelledby="details-title" className="rounded-2xl border border-line p-6">
          <h2 id="details-title" className="mb-5 text-xl font-semibold text-ink">
            Your details
          </h2>
          <ProfileForm user={user} />
        </section>
        <section aria-labelledby="password-title" className="self-start rounded-2xl border border-line p-6">
          <h2 id="password-title" className="mb-5 text-xl font-semibold text-ink">
            Change password
          </h2>
          <ChangePasswordForm />
        </section>
      </div>
    </Container>
  );
}
