import {
  MAX_CAMPAIGN_TITLE_LENGTH,
  MAX_CONTENT_ALT_LENGTH,
  MAX_CONTENT_URL_LENGTH,
} from '@shop/shared';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { CategorySelect } from '../../components/category-select.js';
import { EnglishFallback } from '../../components/english-fallback.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useT } from '../../lib/i18n.js';
import { useSaveContent } from './api.js';
import { CampaignProducts, ContentImageField, LinkedProduct } from './content-fields.js';
import {
  campaignRequestOf,
  type ContentForm,
  type ContentItem,
  type ContentKind,
  contentResolver,
  formOf,
  isCampaign,
  slideRequestOf,
} from './content-form.js';
import type en from './i18n/en.json';

const fields = Object.keys(formOf(undefined)) as (keyof ContentForm)[];

/** The names of the products the item links to and shows, known before any search. */
function knownNames(item: ContentItem | undefined): Record<string, string> {
  if (!item) return {};
  const names: Record<string, string> = {};
  if (item.linkProductId) names[item.linkProductId] = item.linkLabel;
  if (isCampaign(item)) for (const product of item.products) names[product.id] = product.name;
  return names;
}

/** Add or edit a slide or a campaign banner: image, words, link, schedule, and a banner's products. */
export function ContentDialog({
  kind,
  item,
  onClose,
}: {
  kind: ContentKind;
  item: ContentItem | undefined;
  onClose: (saved: string | undefined) => void;
}) {
  const [problem, setProblem] = useState('');
  const t = useT<typeof en>();
  const saveContent = useSaveContent(kind);
  const [names, setNames] = useState(() => knownNames(item));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContentForm>({ resolver: contentResolver(kind), defaultValues: formOf(item) });
  const [image, alt, altEn, title, titleEn, linkKind, linkProductId, linkCategoryId, productIds] =
    useWatch({
      control,
      name: [
        'image',
        'alt',
        'altEn',
        'title',
        'titleEn',
        'linkKind',
        'linkProductId',
        'linkCategoryId',
        'productIds',
      ],
    });
  const change = <K extends keyof ContentForm>(field: K, value: ContentForm[K]) =>
    setValue(field, value as never, { shouldDirty: true, shouldValidate: Boolean(errors[field]) });

  const what = kind === 'slide' ? 'slide' : 'campaign';
  const submit = handleSubmit(async (form) => {
    setProblem('');
    try {
      await saveContent({
        id: item?.id,
        body: kind === 'slide' ? slideRequestOf(form) : campaignRequestOf(form),
      });
      onClose(
        t('content.item.saved', {
          kind,
          name: (kind === 'slide' ? form.alt : form.title).trim(),
        }),
      );
    } catch (error) {
      setProblem(showServerErrors(error, setError, fields));
    }
  });

  return (
    <FormDialog
      id={`${what}-dialog`}
      title={t(item ? 'content.item.edit' : 'content.item.new', { kind })}
      problem={problem}
      action={isSubmitting ? t('content.saving') : t('content.save')}
      busy={isSubmitting}
      size="lg"
      onSubmit={submit}
      onClose={() => onClose(undefined)}
    >
      {kind === 'campaign' && (
        <Row className="g-3">
          <Col md={6}>
            <FormField
              label={t('content.item.title')}
              maxLength={MAX_CAMPAIGN_TITLE_LENGTH}
              registration={register('title')}
              error={errors.title}
              help={t('content.item.titleHelp')}
            />
          </Col>
          <Col md={6}>
            <FormField
              label={t('content.item.titleEn')}
              maxLength={MAX_CAMPAIGN_TITLE_LENGTH}
              registration={register('titleEn')}
              error={errors.titleEn}
              help={titleEn.trim() ? undefined : <EnglishFallback />}
            />
          </Col>
        </Row>
      )}
      <ContentImageField
        kind={kind}
        image={image}
        alt={kind === 'slide' ? alt : title}
        error={errors.image?.message}
        onChange={(path) => change('image', path)}
      />
      {kind === 'slide' && (
        <Row className="g-3">
          <Col md={6}>
            <FormField
              label={t('content.alt')}
              maxLength={MAX_CONTENT_ALT_LENGTH}
              registration={register('alt')}
              error={errors.alt}
              help={t('content.item.altHelp')}
            />
          </Col>
          <Col md={6}>
            <FormField
              label={t('content.altEn')}
              maxLength={MAX_CONTENT_ALT_LENGTH}
              registration={register('altEn')}
              error={errors.altEn}
              help={altEn.trim() ? undefined : <EnglishFallback />}
            />
          </Col>
        </Row>
      )}
      <Form.Group className="mb-3" controlId={`${what}-link-kind`}>
        <Form.Label>{t('content.link.kind')}</Form.Label>
        <Form.Select {...register('linkKind')} isInvalid={Boolean(errors.linkKind)}>
          <option value="category">{t('content.link.category')}</option>
          <option value="product">{t('content.link.product')}</option>
          <option value="url">{t('content.link.url')}</option>
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.linkKind?.message}</Form.Control.Feedback>
      </Form.Group>
      {linkKind === 'category' && (
        <CategorySelect
          value={linkCategoryId}
          error={errors.linkCategoryId?.message}
          onChange={(id) => change('linkCategoryId', id)}
        />
      )}
      {linkKind === 'product' && (
        <LinkedProduct
          productId={linkProductId}
          name={names[linkProductId]}
          error={errors.linkProductId?.message}
          onChange={(product) => {
            if (product) setNames((known) => ({ ...known, [product.id]: product.name }));
            change('linkProductId', product?.id ?? '');
          }}
        />
      )}
      {linkKind === 'url' && (
        <FormField
          label={t('content.link.address')}
          maxLength={MAX_CONTENT_URL_LENGTH}
          placeholder={t('content.link.placeholder')}
          registration={register('linkUrl')}
          error={errors.linkUrl}
          help={t('content.link.help')}
        />
      )}
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{t('content.schedule.title')}</legend>
        <Row className="g-2">
          <Col sm={6}>
            <FormField
              label={t('content.schedule.from')}
              type="datetime-local"
              registration={register('visibleFrom')}
              error={errors.visibleFrom}
              help={t('content.schedule.fromHelp')}
            />
          </Col>
          <Col sm={6}>
            <FormField
              label={t('content.schedule.to')}
              type="datetime-local"
              registration={register('visibleTo')}
              error={errors.visibleTo}
              help={t('content.schedule.toHelp')}
            />
          </Col>
        </Row>
        <Form.Check
          type="switch"
          id={`${what}-hidden`}
          label={t('content.schedule.hidden')}
          {...register('hidden')}
        />
      </fieldset>
      {kind === 'campaign' && (
        <CampaignProducts
          ids={productIds}
          names={names}
          error={errors.productIds?.message}
          onChange={(ids, picked) => {
            if (picked) setNames((known) => ({ ...known, [picked.id]: picked.name }));
            change('productIds', ids);
          }}
        />
      )}
    </FormDialog>
  );
}
