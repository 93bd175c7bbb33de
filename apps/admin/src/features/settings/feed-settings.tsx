import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import { feedSettingsSchema, type FeedSettings } from '@shop/shared';
import { useToast } from '../../components/toasts.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useFeedSettings, useSaveFeedSettings } from './api.js';
import type en from './i18n/en.json';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-section.js';

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
  return (
    <SettingsSection
      id="settings-feeds"
      title={t('settings.feeds.title')}
      intro={t('settings.feeds.intro')}
      loaded={useFeedSettings()}
      form={(settings) => <FeedSettingsForm settings={settings} />}
    />
  );
}

function FeedSettingsForm({ settings }: { settings: FeedSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const { owner, problem, send } = useSettingsSave(
    useSaveFeedSettings(),
    t('settings.feeds.saved'),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FeedSettings>({
    resolver: zodResolver(feedSettingsSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit((values) =>
    send(values, (error) => showServerErrors(error, setError, fields)),
  );

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
    <SettingsForm
      label={t('settings.feeds.form')}
      onSubmit={submit}
      problem={problem}
      owner={owner}
      ownerOnly={t('settings.feeds.ownerOnly')}
      saveText={t('settings.feeds.save')}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
    >
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
    </SettingsForm>
  );
}
