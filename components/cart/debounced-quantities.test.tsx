// @vitest-environment jsdom
import { useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuantityStepper } from "@/components/ui/quantity-stepper";
import { useDebouncedQuantities } from "@/lib/hooks/use-debounced-quantities";

type Send = (sku: string, quantity: number) => Promise<void>;

/** A cart line as the drawer wires it: the stepper shows the hook's value, the server's is a prop. */
function Line({ send, serverQuantity, sku = "LW-F1-PP" }: { send: Send; serverQuantity: number; sku?: string }) {
  const quantities = useDebouncedQuantities(send, 1000);
  const [flushed, setFlushed] = useState(false);
  return (
    <>
      <QuantityStepper
        value={quantities.quantityOf(sku, serverQuantity)}
        onChange={(quantity) => quantities.change(sku, quantity)}
        label={`Quantity of ${sku}`}
        max={10}
      />
      <button type="button" onClick={() => void quantities.flush().then(() => setFlushed(true))}>
        Checkout
      </button>
      <button type="button" onClick={() => quantities.cancel(sku)}>
        Delete
      </button>
      {flushed ? <p>flushed</p> : null}
    </>
  );
}

const shown = () => screen.getByRole("group").querySelector("output")?.textContent;
const clickPlus = () => fireEvent.click(screen.getByRole("button", { name: "Increase quantity" }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useDebouncedQuantities", () => {
  it("shows every click at once and sends one call with the final quantity after 1000 ms of quiet", async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    render(<Line send={send} serverQuantity={1} />);
    for (let i = 0; i < 4; i += 1) {
      clickPlus();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
    }
    expect(shown()).toBe("5");
    expect(send).not.toHaveBeenCalled();
    // 1000 ms after the last click, not after the first.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(699);
    });
    expect(send).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("LW-F1-PP", 5);
  });

  it("keeps the chosen quantity until the server's list has it, then shows the server's", async () => {
    let settle: () => void = () => {};
    const send = vi.fn<Send>(() => new Promise<void>((resolve) => (settle = resolve)));
    const { rerender } = render(<Line send={send} serverQuantity={1} />);
    clickPlus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(send).toHaveBeenCalledWith("LW-F1-PP", 2);
    expect(shown()).toBe("2");
    rerender(<Line send={send} serverQuantity={2} />);
    await act(async () => {
      settle();
    });
    expect(shown()).toBe("2");
  });

  it("goes back to the server's quantity when the update fails", async () => {
    const send = vi.fn<Send>().mockRejectedValue(new Error("409"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Line send={send} serverQuantity={3} />);
    clickPlus();
    clickPlus();
    expect(shown()).toBe("5");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(send).toHaveBeenCalledWith("LW-F1-PP", 5);
    expect(shown()).toBe("3");
    expect(error).toHaveBeenCalled();
  });

  it("sends a change made while the previous one is on its way after it, in order", async () => {
    const calls: number[] = [];
    let release: () => void = () => {};
    const send = vi.fn<Send>((_sku, quantity) => {
      calls.push(quantity);
      return calls.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    });
    render(<Line send={send} serverQuantity={1} />);
    clickPlus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    clickPlus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // The second waits for the first to settle.
    expect(calls).toEqual([2]);
    expect(shown()).toBe("3");
    await act(async () => {
      release();
    });
    expect(calls).toEqual([2, 3]);
  });

  it("flush sends a waiting change at once and resolves when it has settled (checkout)", async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    render(<Line send={send} serverQuantity={1} />);
    clickPlus();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Checkout" }));
    });
    expect(screen.queryByText("flushed")).not.toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("LW-F1-PP", 2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("cancel drops a waiting change (the line is being deleted)", async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    render(<Line send={send} serverQuantity={1} />);
    clickPlus();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(send).not.toHaveBeenCalled();
    expect(shown()).toBe("1");
  });

  it("sends a waiting change when the drawer closes instead of losing it", async () => {
    const send = vi.fn<Send>().mockResolvedValue(undefined);
    const { unmount } = render(<Line send={send} serverQuantity={1} />);
    clickPlus();
    clickPlus();
    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("LW-F1-PP", 3);
  });
});
