import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PREVIEW_LINK_MINUTES } from '@shop/shared';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useProductPreviewLink } from './api.js';
import type en from './i18n/en.json';

/**
 * Opens the saved product's storefront page through a preview link (issue 34.4), draft or not,
 * in a new tab. The tab is opened in the click itself, since pop-up blockers allow only that,
 * and pointed at the link once the server has made it; the storefront shares the back office's
 * origin, as its "View in shop" link does.
 */
export function ProductPreviewButton({ productId }: { productId: string }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const previewLink = useProductPreviewLink();
  const [opening, setOpening] = useState(false);

  const open = async () => {
    const tab = window.open('about:blank', '_blank');
    if (!tab) {
      toast(t('products.editor.previewBlocked'), 'danger');
      return;
    }
    // The storefront's page cannot reach back into the back office's tab.
    tab.opener = null;
    setOpening(true);
    try {
      const link = await previewLink(productId);
      tab.location.href = new URL(link.path, window.location.origin).href;
    } catch (error) {
      tab.close();
      toast(
        error instanceof ApiError ? message(error.message) : t('products.editor.previewFailed'),
        'danger',
      );
    } finally {
      setOpening(false);
    }
  };

  return (
    <Button
      variant="outline-secondary"
      disabled={opening}
      title={t('products.editor.previewHelp', { minutes: PREVIEW_LINK_MINUTES })}
      onClick={() => void open()}
    >
      {opening ? t('products.editor.previewOpening') : t('products.editor.preview')}
    </Button>
  );
}
