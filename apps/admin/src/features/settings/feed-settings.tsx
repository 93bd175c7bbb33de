import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import { feedSettingsSchema, type FeedSettings } from '@shop/shared';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import { useFeedSettings, useSaveFeedSettings } from './api.js';
import type en from './i18n/en.json';

type Feed = keyof FeedSettings['productFeeds'];

/**
 * Each feed's address on the shop's server, as the server's feeds module serves it. The back
 * office is served by the shop's own server, so its origin is the shop's address.
 */
const feedPaths: Record<Feed, string> = {
  googleMerchant: '/feeds/google-merchant.xml',
  prisjakt: '/feeds/prisjakt.xml',
};

const feeds = Object.keys(feedPaths) as Feed[];

const fields = feeds.map((feed) => `productFeeds.${feed}`);

/** A feed's absolute address, for the owner to give Google or Prisjakt. */
export const feedAddress = (feed: Feed, origin = window.location.origin) =>
  `${origin}${feedPaths[feed]}`;

/**
 * The product feeds Google Shopping and the price comparison sites read (issue 34.6): the owner
 * turns each on, and copies its address to give the site. Every staff member sees them.
 */
export function FeedSettingsSection() {
  const t = useT<typeof en>();
  const loaded = useFeedSettings();
  return (
    <section aria-labelledby="settings-feeds" className="mt-5">
      <h2 id="settings-feeds" className="h4">
        {t('settings.feeds.title')}
      </h2>
      <p className="text-body-secondary">{t('settings.feeds.intro')}</p>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <FeedSettingsForm key={JSON.stringify(loaded.data)} settings={loaded.data} />
      )}
    </section>
  );
}

function FeedSettingsForm({ settings }: { settings: FeedSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const owner = useSession()?.role === 'owner';
  const save = useSaveFeedSettings();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FeedSettings>({
    resolver: zodResolver(feedSettingsSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await save(values);
      toast(t('settings.feeds.saved'));
    } catch (error) {
      setProblem(showServerErrors(error, setError, fields));
    }
  });

  const copy = async (feed: Feed) => {
    try {
      await navigator.clipboard.writeText(feedAddress(feed));
      toast(t('settings.feeds.copied', { feed }));
    } catch {
      toast(t('settings.feeds.copyFailed'), 'danger');
    }
  };

  const fieldError = errors.productFeeds?.message;

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings.feeds.form')}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      <Card>
        <Card.Body>
          {feeds.map((feed) => {
            const feedError = errors.productFeeds?.[feed]?.message;
            return (
              <div key={feed} className="mb-4">
                <Form.Check
                  type="switch"
                  // Read out as the on/off switch it looks like, not a tick box.
                  role="switch"
                  id={`feed-${feed}`}
                  label={t('settings.feeds.publish', { feed })}
                  disabled={!owner}
                  {...register(`productFeeds.${feed}`)}
                />
                <InputGroup size="sm" className="mt-2">
                  <Form.Control
                    readOnly
                    value={feedAddress(feed)}
                    aria-label={t('settings.feeds.address', { feed })}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Button
                    variant="outline-secondary"
                    onClick={() => void copy(feed)}
                    aria-label={t('settings.feeds.copyLabel', { feed })}
                  >
                    {t('settings.feeds.copy')}
                  </Button>
                </InputGroup>
                {feedError && <div className="text-danger small mt-1">{message(feedError)}</div>}
              </div>
            );
          })}
          {fieldError && <div className="text-danger small">{message(fieldError)}</div>}
          <p className="small text-body-secondary mb-0">{t('settings.feeds.updates')}</p>
          {!owner && (
            <p className="small text-body-secondary mt-3 mb-0">{t('settings.feeds.ownerOnly')}</p>
          )}
        </Card.Body>
      </Card>
      {owner && (
        <div className="d-flex gap-2 align-items-center mt-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('settings.shop.saving') : t('settings.feeds.save')}
          </Button>
          {isDirty && (
            <span className="small text-body-secondary">{t('settings.shop.unsaved')}</span>
          )}
        </div>
      )}
    </Form>
  );
}
