// @vitest-environment jsdom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSessionHint, hasSessionHint, useSessionHint } from "./session-hint";

function clearCookies() {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(clearCookies);

describe("hasSessionHint", () => {
  it.each([
    ["signed_in=1", true],
    ["platform=app; signed_in=1; referral_code=AB", true],
    ["platform=app;signed_in=1", true],
    ["", false],
    ["signed_in=", false],
    ["signed_in=0", false],
    ["not_signed_in=1", false],
    ["signed_in_x=1", false],
    ["referral_code=signed_in=1", false],
  ])("reads %j as %s", (cookies, expected) => {
    expect(hasSessionHint(cookies)).toBe(expected);
  });
});

function Probe() {
  return <span>{useSessionHint() ? "signed in" : "visitor"}</span>;
}

describe("useSessionHint", () => {
  it("hydrates the server's visitor HTML without a mismatch, then shows the hint", async () => {
    document.cookie = "signed_in=1; Path=/";
    const html = renderToString(<Probe />);
    expect(html).toContain("visitor");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError });
    });
    expect(container.textContent).toBe("signed in");
    expect(onRecoverableError).not.toHaveBeenCalled();
    container.remove();
  });

  it("turns to visitor when a 401 clears the hint, and the cookie is gone", async () => {
    document.cookie = "signed_in=1; Path=/";
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(<Probe />);
    });
    expect(container.textContent).toBe("signed in");
    await act(async () => {
      clearSessionHint();
    });
    expect(container.textContent).toBe("visitor");
    expect(document.cookie).not.toContain("signed_in");
    root.unmount();
    container.remove();
  });
});
