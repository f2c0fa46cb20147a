/** Shown while no real money can move (the built-in provider, or Stripe's test mode): these numbers do. */
export function TestModeNotice({ cards }: { cards: readonly { number: string; description: string }[] }) {
  return (
    <section aria-labelledby="test-mode-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-[15px] text-ink">
      <h2 id="test-mode-title" className="font-semibold">
        Test mode
      </h2>
      <p className="mt-1 text-ink-soft">
        No real card is charged. Use one of these numbers with any future expiry date and any 3-digit security code:
      </p>
      <ul className="mt-2 grid gap-1 font-mono text-sm">
        {cards.map((card) => (
          <li key={card.number}>
            {card.number.replace(/(\d{4})(?=\d)/g, "$1 ")} — {card.description}
          </li>
        ))}
      </ul>
    </section>
  );
}
