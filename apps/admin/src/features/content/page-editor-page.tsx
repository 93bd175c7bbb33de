import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminStaticPage } from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { usePage, useRestorePage, useSavePage } from './api.js';
import { pageForm, type PageFormInput, type PageFormOutput } from './page-form.js';

const fields = ['title', 'html'];

/** One text page in the rich-text editor, with "Restore the default text" once it is edited. */
export default function PageEditorPage() {
  const { slug = '' } = useParams();
  const loaded = usePage(slug);
  return (
    <>
      <p className="mb-2">
        <Link to="/content/pages">← Pages</Link>
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
  const [problem, setProblem] = useState<{ message: string; stale: boolean }>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PageFormInput, unknown, PageFormOutput>({
    resolver: zodResolver(pageForm),
    defaultValues: { title: page.title, html: page.html },
  });
  const savePage = useSavePage(page.slug);
  const restorePage = useRestorePage(page.slug);

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await savePage({ ...values, updatedAt: page.updatedAt });
      toast(`${values.title} saved. The shop shows it now.`);
    } catch (error) {
      setProblem({
        message: showServerErrors(error, setError, fields),
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  });

  const restore = async () => {
    const sure = await confirm({
      title: 'Restore the default text?',
      body: 'The shop shows the default text again, with the shop’s details as they are set now. The edited text is kept only in the audit log.',
      action: 'Restore the default text',
    });
    if (!sure) return;
    try {
      await restorePage();
      toast('The default text is restored.');
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The default text could not be restored.',
        'danger',
      );
    }
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={`Edit ${page.title}`}>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-1">
        <h1 className="h3 mb-0 text-break">{page.title}</h1>
        <a href={page.path} target="_blank" rel="noopener" className="ms-auto">
          View in shop
        </a>
      </div>
      <p className="text-body-secondary small">
        {page.customised && page.updatedAt
          ? `Edited; last saved ${shopDateTime(page.updatedAt)}${page.updatedByEmail ? ` by ${page.updatedByEmail}` : ''}.`
          : 'The default text, which names the shop’s details as they are set now. Saving a change makes it the page’s own text.'}
      </p>
      {problem?.message && (
        <Alert variant="danger">
          {problem.message}{' '}
          {problem.stale && (
            <Button variant="outline-danger" size="sm" className="ms-2" onClick={onReload}>
              Reload
            </Button>
          )}
        </Alert>
      )}
      <Card>
        <Card.Body>
          <FormField label="Title" registration={register('title')} error={errors.title} />
          <Form.Label id="page-text-label">Text</Form.Label>
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
              Headings (H2) divide the page into its sections
              {page.slug === 'about' ? ', which the side list of About names' : ''}.
            </Form.Text>
          )}
        </Card.Body>
      </Card>
      {/* Kept in sight below a long text, so saving needs no scrolling. */}
      <div className="d-flex gap-2 align-items-center flex-wrap mt-3 py-2 sticky-bottom bg-body border-top">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save page'}
        </Button>
        {isDirty && <span className="small text-body-secondary">Unsaved changes</span>}
        {page.customised && (
          <Button variant="outline-danger" className="ms-auto" onClick={() => void restore()}>
            Restore the default text…
          </Button>
        )}
      </div>
    </Form>
  );
}
