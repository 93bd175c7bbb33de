import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminStaticPage } from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { EnglishFallback } from '../../components/english-fallback.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { useToast } from '../../components/toasts.js';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useFormat, useLocale, useT } from '../../lib/i18n.js';
import { usePage, useRestorePage, useSavePage } from './api.js';
import type en from './i18n/en.json';
import { pageForm, type PageFormInput, type PageFormOutput } from './page-form.js';

const fields = ['title', 'html', 'titleEn', 'htmlEn'];

/** The rich-text editor answers `<p></p>` or '' for a text without words. */
const isEmptyHtml = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';

/** One text page in the rich-text editor, with "Restore the default text" once it is edited. */
export default function PageEditorPage() {
  const { slug = '' } = useParams();
  const loaded = usePage(slug);
  const t = useT<typeof en>();
  return (
    <>
      <p className="mb-2">
        <Link to="/content/pages">{t('content.pages.back')}</Link>
      </p>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save or restore, so the form and editor start from what is stored.
        <PageEditor
          key={loaded.data.updatedAt ?? 'default'}
          page={loaded.data}
          onReload={() => void loaded.refetch()}
        />
      )}
    </>
  );
}

function PageEditor({ page, onReload }: { page: AdminStaticPage; onReload: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT<typeof en>();
  const format = useFormat();
  const title = useLocale() === 'en' ? page.titleEn || page.title : page.title;
  const [problem, setProblem] = useState<{ message: string; stale: boolean }>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PageFormInput, unknown, PageFormOutput>({
    resolver: zodResolver(pageForm),
    defaultValues: {
      title: page.title,
      html: page.html,
      titleEn: page.titleEn,
      htmlEn: page.htmlEn,
    },
  });
  const [titleEn, htmlEn] = useWatch({ control, name: ['titleEn', 'htmlEn'] });
  const savePage = useSavePage(page.slug);
  const restorePage = useRestorePage(page.slug);

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await savePage({ ...values, updatedAt: page.updatedAt });
      toast(t('content.page.saved', { title: values.title }));
    } catch (error) {
      setProblem({
        message: showServerErrors(error, setError, fields),
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  });

  const restore = async () => {
    const sure = await confirm({
      title: t('content.page.restoreTitle'),
      body: t('content.page.restoreBody'),
      action: t('content.page.restoreAction'),
    });
    if (!sure) return;
    try {
      await restorePage();
      toast(t('content.page.restored'));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('content.page.restoreFailed'), 'danger');
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t('content.page.edit', { title })}>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-1">
        <h1 className="h3 mb-0 text-break">{title}</h1>
        <a href={page.path} target="_blank" rel="noopener" className="ms-auto">
          {t('content.page.view')}
        </a>
      </div>
      <p className="text-body-secondary small">
        {page.customised && page.updatedAt
          ? page.updatedByEmail
            ? t('content.page.editedBy', {
                at: format.dateTime(page.updatedAt),
                by: page.updatedByEmail,
              })
            : t('content.page.edited', { at: format.dateTime(page.updatedAt) })
          : t('content.page.default')}
      </p>
      {problem?.message && (
        <Alert variant="danger">
          {problem.message}{' '}
          {problem.stale && (
            <Button variant="outline-danger" size="sm" className="ms-2" onClick={onReload}>
              {t('content.reload')}
            </Button>
          )}
        </Alert>
      )}
      <Card>
        <Card.Body>
          <Row className="g-3">
            <Col md={6}>
              <FormField
                label={t('content.page.title')}
                registration={register('title')}
                error={errors.title}
              />
            </Col>
            <Col md={6}>
              <FormField
                label={t('content.page.titleEn')}
                registration={register('titleEn')}
                error={errors.titleEn}
                help={titleEn.trim() ? undefined : <EnglishFallback />}
              />
            </Col>
          </Row>
          <Form.Label id="page-text-label">{t('content.page.text')}</Form.Label>
          <Controller
            control={control}
            name="html"
            render={({ field }) => (
              <RichTextEditor
                id="page-text"
                labelledBy="page-text-label"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.html ? (
            <div className="text-danger small mt-1">{errors.html.message}</div>
          ) : (
            <Form.Text muted>
              {t('content.page.headings', { about: String(page.slug === 'about') })}
            </Form.Text>
          )}
          <Form.Label id="page-text-en-label" className="d-block mt-3">
            {t('content.page.textEn')}
          </Form.Label>
          <Controller
            control={control}
            name="htmlEn"
            render={({ field }) => (
              <RichTextEditor
                id="page-text-en"
                labelledBy="page-text-en-label"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {errors.htmlEn && <div className="text-danger small mt-1">{errors.htmlEn.message}</div>}
          {isEmptyHtml(htmlEn) && <EnglishFallback />}
        </Card.Body>
      </Card>
      {/* Kept in sight below a long text, so saving needs no scrolling. */}
      <div className="d-flex gap-2 align-items-center flex-wrap mt-3 py-2 sticky-bottom bg-body border-top">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('content.saving') : t('content.page.save')}
        </Button>
        {isDirty && <span className="small text-body-secondary">{t('content.page.unsaved')}</span>}
        {page.customised && (
          <Button variant="outline-danger" className="ms-auto" onClick={() => void restore()}>
            {t('content.page.restore')}
          </Button>
        )}
      </div>
    </Form>
  );
}
