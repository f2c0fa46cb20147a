import { chatLink } from "@/lib/contact";
import { ChatIcon } from "@/components/ui/icons";

/** Floating button on every page: opens a WhatsApp chat with the support number. Hidden in the app. */
export function ChatButton({ phone }: { phone: string }) {
  return (
    <a
      href={chatLink(phone)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Chat with Lenwell support on WhatsApp (${phone}, opens in a new tab)`}
      className="app-hidden fixed bottom-6 right-4 z-30 inline-flex h-14 w-14 items-center justify-center rounded-full bg-leaf-600 text-white shadow-card hover:bg-leaf-700 desk:right-6"
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
