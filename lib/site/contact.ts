// Derived forms of the support phone number, shared by the chat button and the contact block.

/** "+1 713 555 0147" -> "+17135550147" (for tel: links). */
export function phoneToE164(phone: string): string {
  return `+${phone.replace(/\D/g, "")}`;
}

/** Link that opens a WhatsApp chat with the number (digits only, no plus sign). */
export function chatLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}`;
}
