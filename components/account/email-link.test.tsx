// @vitest-environment jsdom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider, createStore } from "jotai";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { RegisterForm } from "./register-form";
import { ResetForm } from "./reset-form";
import { emailLinkSchema } from "@/lib/schemas/auth";

const navigation = vi.hoisted(() => ({ search: "" }));
vi.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(navigation.search),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), prefetch: vi.fn() }),
}));

const api = vi.hoisted(() => ({
  callApi:
    vi.fn<(method: string, path: string, schema: unknown, options?: { searchParams?: Record<string, string> }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

function renderWithProviders(form: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={createStore()}>{form}</Provider>
    </QueryClientProvider>,
  );
}

describe("opening a register or reset page from the link in a code e-mail", () => {
  it("asks the server what the link says, fills in the address and puts the focus on the code", async () => {
    navigation.search = "?link=signed.token";
    api.callApi.mockResolvedValueOnce({ email: "rae@example.com", purpose: "register" });
    renderWithProviders(<RegisterForm />);

    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "rae@example.com"));
    expect(api.callApi).toHaveBeenCalledWith("get", "ulogin/email/parse", emailLinkSchema, {
      searchParams: { token: "signed.token" },
      allowAnonymous: true,
    });
    expect(screen.getByRole("status").textContent).toBe(
      "We sent a 6-digit code to rae@example.com. Enter it below; it is valid for 10 minutes after sending.",
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Code from the e-mail"));
  });

  it("shows why a link is refused and leaves the form as it was", async () => {
    navigation.search = "?link=forged";
    const message = "This link is no longer valid. Links in our e-mails work for 10 minutes: enter your e-mail address to get a new code.";
    api.callApi.mockRejectedValueOnce(new ApiError(400, message));
    renderWithProviders(<ResetForm />);

    expect((await screen.findByRole("alert")).textContent).toBe(message);
    const email = screen.getByLabelText("E-mail");
    expect(email).toHaveProperty("value", "");
    await userEvent.type(email, "sam@example.com");
    expect(email).toHaveProperty("value", "sam@example.com");
    expect(screen.getByRole("button", { name: "Send code" })).toHaveProperty("disabled", false);
  });

  it("refuses a reset link on the registration page without filling anything in", async () => {
    navigation.search = "?link=signed.token";
    api.callApi.mockResolvedValueOnce({ email: "rae@example.com", purpose: "reset" });
    renderWithProviders(<RegisterForm />);

    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link belongs to the password reset page. Open it again from the e-mail.",
    );
    expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "");
  });

  it("without a link, calls nothing", () => {
    navigation.search = "";
    renderWithProviders(<RegisterForm />);
    expect(api.callApi).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
