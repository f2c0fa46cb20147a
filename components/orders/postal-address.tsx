import type { UsAddress } from "@/lib/schemas/auth";

/** A US address as it goes on a parcel: recipient, street lines, then city, state and ZIP. */
export function PostalAddress({ address, className = "" }: { address: UsAddress; className?: string }) {
  return (
    <address className={`not-italic ${className}`}>
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.zip}
    </address>
  );
}
