import { ChatIcon } from '../../components/ui/icons.js';
import { useShopDetails } from '../../lib/shop-details.js';
import { useLayoutText } from './layout-i18n.js';

/** A floating link to chat with the shop, on every page, when the shop has one (GLOB-27). */
export function ChatLink() {
  const chatUrl = useShopDetails()?.chatUrl;
  const t = useLayoutText();
  if (!chatUrl) return null;
  return (
    <a
      className="chat-link"
      href={chatUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('layout.chat')}
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
