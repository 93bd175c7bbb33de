import { ChatIcon } from '../../components/ui/icons.js';
import { shopContact } from '../../lib/shop-contact.js';

/** A floating link to chat with the shop on WhatsApp, on every page (GLOB-27). */
export function ChatLink() {
  return (
    <a
      className="chat-link"
      href={shopContact.chatUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
