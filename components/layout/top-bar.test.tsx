// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getCookie } from "cookies-next/client";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartCountAtom, cartDrawerOpenAtom, hasSessionAtom, isOperatorAtom, referralCodeAtom, usernameAtom } from "@/lib/state/atoms";
import { signedOutResponseSchema } from "@/lib/schemas/user";
import { alertsAtom } from "@/lib/state/notices";
import { TopBar } from "./top-bar";

const navigation = vi.hoisted(() => ({
  pathname: "/",
  search: "",
  push: vi.fn<(href: string) => void>(),
}));

vi.mock("next/navigation", () => ({
  usePathname: () => navigation.pathname,
  useSearchParams: () => new URLSearchParams(navigation.search),
  useRouter: () => ({
    push: navigation.push,
    replace: vi.fn(),
    refresh: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(),
  }),
}));

// The top bar's only API call is logout; the client itself is covered in lib/api/client.test.ts.
const api = vi.hoisted(() => ({ callApi: vi.fn<(method: string, path: string, schema: unknown, options?: object) => Promise<unknown>>() }));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

type Store = ReturnType<typeof createStore>;

// Logout clears the session through the app's store, outside React: each test's own store stands in.
const stores = vi.hoisted(() => ({ current: undefined as Store | undefined }));
vi.mock("@/lib/state/store", () => ({
  get appStore() {
    return stores.current;
  },
}));

function renderTopBar(setup: (store: Store) => void = () => {}) {
  const store = createStore();
  stores.current = store;
  setup(store);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <TopBar />
      </Provider>
    </QueryClientProvider>,
  );
  return store;
}

function signIn(store: Store, name = "Ada") {
  store.set(hasSessionAtom, true);
  store.set(usernameAtom, name);
}

function scrollPage(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { configurable: true, writable: true, value: y });
    window.dispatchEvent(new Event("scroll"));
  });
}

beforeEach(() => {
  navigation.pathname = "/";
  navigation.search = "";
  api.callApi.mockResolvedValue(null);
  document.cookie = "login_return_path=; path=/; max-age=0";
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  Object.defineProperty(window, "scrollY", { configurable: true, writable: true, value: 0 });
});

describe("TopBar account menu", () => {
  it("offers Login and Register once a visitor opens the account menu", () => {
    renderTopBar();
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/account/login");
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/account/register");
    expect(screen.queryByRole("link", { name: "My Account" })).toBeNull();
    expect(screen.queryByRole("link", { name: "My Orders" })).toBeNull();
    expect(screen.queryByRole("link", { name: "My Purifiers" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Saved Cards" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("offers My Account, My Orders, My Purifiers, Saved Cards and Logout to a signed-in customer", () => {
    renderTopBar((store) => signIn(store));
    fireEvent.click(screen.getByRole("button", { name: "Account menu for Ada" }));
    expect(screen.getByRole("link", { name: "My Account" }).getAttribute("href")).toBe("/account/user");
    expect(screen.getByRole("link", { name: "My Orders" }).getAttribute("href")).toBe("/account/orders");
    expect(screen.getByRole("link", { name: "My Purifiers" }).getAttribute("href")).toBe("/account/purifiers");
    expect(screen.getByRole("link", { name: "Saved Cards" }).getAttribute("href")).toBe("/account/cards");
    expect(screen.getByRole("button", { name: "Logout" })).toBeDefined();
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
  });

  it("carries the referral code on the menu links", () => {
    renderTopBar((store) => store.set(referralCodeAtom, "AB"));
    fireEvent.click(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/account/login?c=AB");
  });

  it("logs out: calls the API, forgets the session, confirms and goes home", async () => {
    document.cookie = "signed_in=1; path=/";
    const store = renderTopBar((s) => {
      signIn(s);
      s.set(isOperatorAtom, true);
      s.set(cartCountAtom, 3);
    });
    fireEvent.click(screen.getByRole("button", { name: "Account menu for Ada" }));
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith("/"));
    expect(api.callApi).toHaveBeenCalledWith("post", "ulogin/logout", signedOutResponseSchema, { json: {}, blocking: true });
    expect(store.get(hasSessionAtom)).toBe(false);
    expect(store.get(usernameAtom)).toBeNull();
    expect(store.get(isOperatorAtom)).toBe(false);
    expect(store.get(cartCountAtom)).toBe(0);
    expect(document.cookie).not.toContain("signed_in=1");
    expect(store.get(alertsAtom).map((notice) => notice.message)).toEqual(["Logout Successfully"]);
    expect(screen.getByRole("button", { name: "Account menu" })).toBeDefined();
  });

  it("still logs out locally when the logout call fails", async () => {
    api.callApi.mockRejectedValue(new Error("offline"));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = renderTopBar((s) => signIn(s));
    fireEvent.click(screen.getByRole("button", { name: "Account menu for Ada" }));
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(navigation.push).toHaveBeenCalledWith("/"));
    expect(store.get(hasSessionAtom)).toBe(false);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe("TopBar cart button", () => {
  it("sends a visitor to login and remembers the page", () => {
    window.history.replaceState(null, "", "/mart?sort=price");
    const store = renderTopBar();
    fireEvent.click(screen.getByRole("button", { name: "Cart" }));
    expect(navigation.push).toHaveBeenCalledWith("/account/login");
    expect(getCookie("login_return_path")).toBe("/mart?sort=price");
    expect(store.get(cartDrawerOpenAtom)).toBe(false);
  });

  it("keeps the referral code on the way to login", () => {
    renderTopBar((store) => store.set(referralCodeAtom, "AB"));
    fireEvent.click(screen.getByRole("button", { name: "Cart" }));
    expect(navigation.push).toHaveBeenCalledWith("/account/login?c=AB");
  });

  it("opens the cart drawer for a signed-in customer", async () => {
    const store = renderTopBar((s) => signIn(s));
    fireEvent.click(screen.getByRole("button", { name: "Cart" }));
    expect(store.get(cartDrawerOpenAtom)).toBe(true);
    expect(navigation.push).not.toHaveBeenCalled();
    // The drawer's code loads on open: through Vite's transform, seconds on a busy machine.
    expect(await screen.findByRole("dialog", { name: "Shopping cart" }, { timeout: 10_000 })).toBeDefined();
  });

  it.each([
    [7, "7"],
    [99, "99"],
    [150, "99+"],
  ])("shows a badge for %i items as %s", (count, text) => {
    renderTopBar((store) => {
      signIn(store);
      store.set(cartCountAtom, count);
    });
    expect(screen.getByTestId("cart-badge").textContent).toBe(text);
    expect(screen.getByRole("button", { name: `Cart, ${count} items` })).toBeDefined();
  });

  it("shows no badge for an empty cart", () => {
    renderTopBar((store) => signIn(store));
    expect(screen.queryByTestId("cart-badge")).toBeNull();
    expect(screen.getByRole("button", { name: "Cart" })).toBeDefined();
  });

  it("shows no badge to a visitor without a session", () => {
    renderTopBar((store) => store.set(cartCountAtom, 7));
    expect(screen.queryByTestId("cart-badge")).toBeNull();
  });
});

describe("TopBar visibility and links", () => {
  it.each(["/deals", "/deals/x"])("is not rendered on %s", (path) => {
    navigation.pathname = path;
    renderTopBar();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cart" })).toBeNull();
  });

  it("is rendered on /dealsx, which is not under /deals", () => {
    navigation.pathname = "/dealsx";
    renderTopBar();
    expect(screen.getByRole("banner")).toBeDefined();
  });

  it("shows the Deals link only when the address has a deals parameter", () => {
    navigation.search = "deals=1";
    renderTopBar();
    const main = screen.getAllByRole("navigation", { name: "Main" })[0];
    if (!main) throw new Error("main navigation missing");
    expect(within(main).getByRole("link", { name: "Deals" }).getAttribute("href")).toBe("/deals");
  });

  it("has no Deals link without the deals parameter", () => {
    navigation.search = "x=1";
    renderTopBar();
    expect(screen.queryAllByText("Deals")).toHaveLength(0);
  });
});

describe("TopBar sales buttons", () => {
  it("replaces the account and cart buttons on / after scrolling past 300 px", () => {
    renderTopBar();
    scrollPage(301);
    expect(screen.getByRole("link", { name: "Buy Water Purifier Now" }).getAttribute("href")).toBe("/mart/detail/LW-RO600");
    expect(screen.getByRole("link", { name: "Join Membership" }).getAttribute("href")).toBe("/waterpurifier/subscriptionplan");
    expect(screen.queryByRole("button", { name: "Account menu" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cart" })).toBeNull();
  });

  it("does not appear at exactly 300 px", () => {
    renderTopBar();
    scrollPage(300);
    expect(screen.queryByRole("link", { name: "Buy Water Purifier Now" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Join Membership" })).toBeNull();
    expect(screen.getByRole("button", { name: "Account menu" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Cart" })).toBeDefined();
  });

  it("gives the account and cart buttons back when scrolled up again", () => {
    renderTopBar();
    scrollPage(900);
    scrollPage(0);
    expect(screen.queryByRole("link", { name: "Buy Water Purifier Now" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cart" })).toBeDefined();
  });

  it("appears on /waterpurifier too", () => {
    navigation.pathname = "/waterpurifier";
    renderTopBar();
    scrollPage(301);
    expect(screen.getByRole("link", { name: "Join Membership" })).toBeDefined();
  });

  it("never appears on /about/faq", () => {
    navigation.pathname = "/about/faq";
    renderTopBar();
    scrollPage(301);
    scrollPage(5000);
    expect(screen.queryByRole("link", { name: "Buy Water Purifier Now" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Join Membership" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cart" })).toBeDefined();
  });
});
