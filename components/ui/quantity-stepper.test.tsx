// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QuantityStepper } from "./quantity-stepper";

const minus = () => screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement;
const plus = () => screen.getByRole("button", { name: "Increase quantity" }) as HTMLButtonElement;

describe("QuantityStepper (the cart drawer's lines)", () => {
  it("shows the quantity in a group named for the product", () => {
    render(<QuantityStepper value={3} onChange={() => {}} label="Quantity of Filter" />);
    const group = screen.getByRole("group", { name: "Quantity of Filter" });
    expect(group.textContent).toContain("3");
  });

  it("disables minus at 1 and steps up by one", () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={1} onChange={onChange} label="Quantity" max={5} />);
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(false);
    fireEvent.click(minus());
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(plus());
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it("disables plus at the maximum and steps down by one", () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={5} onChange={onChange} label="Quantity" max={5} />);
    expect(plus().disabled).toBe(true);
    fireEvent.click(plus());
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(minus());
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it("has a default maximum of 1000", () => {
    const { rerender } = render(<QuantityStepper value={999} onChange={() => {}} label="Quantity" />);
    expect(plus().disabled).toBe(false);
    rerender(<QuantityStepper value={1000} onChange={() => {}} label="Quantity" />);
    expect(plus().disabled).toBe(true);
  });

  it("keeps plus disabled when the quantity is above a lowered maximum, and lets it come down", () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={8} onChange={onChange} label="Quantity" max={3} />);
    expect(plus().disabled).toBe(true);
    fireEvent.click(minus());
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it("disables both buttons when there is nothing to choose (sold out)", () => {
    render(<QuantityStepper value={1} onChange={() => {}} label="Quantity" max={0} />);
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });
});

describe("QuantityStepper, editable (the product page)", () => {
  const field = () => screen.getByRole("spinbutton", { name: "Quantity" }) as HTMLInputElement;

  it("shows the quantity in a field and steps by one within 1..max", () => {
    const onChange = vi.fn();
    render(<QuantityStepper editable value={2} max={5} onChange={onChange} label="Quantity of Filter" />);
    expect(field().value).toBe("2");
    fireEvent.click(plus());
    fireEvent.click(minus());
    expect(onChange.mock.calls).toEqual([[3], [1]]);
  });

  it("brings a typed quantity inside 1..max, and an empty one back to 1", () => {
    const onChange = vi.fn();
    render(<QuantityStepper editable value={2} max={5} onChange={onChange} label="Quantity" />);
    fireEvent.change(field(), { target: { value: "40" } });
    fireEvent.change(field(), { target: { value: "0" } });
    fireEvent.change(field(), { target: { value: "" } });
    expect(onChange.mock.calls).toEqual([[5], [1], [1]]);
  });

  it("disables the field and both buttons while the buy box is busy", () => {
    render(<QuantityStepper editable value={2} max={5} onChange={() => {}} label="Quantity" disabled />);
    expect(field().disabled).toBe(true);
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(true);
  });
});
