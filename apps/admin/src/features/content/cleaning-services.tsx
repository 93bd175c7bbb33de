import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCleaningService,
  cleaningServiceIconNames,
  cleaningServiceIcons,
  type CleaningServiceIcon,
  MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH,
  MAX_CLEANING_SERVICE_NAME_LENGTH,
  MAX_CLEANING_SERVICES,
} from '@shop/shared';
import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { useConfirm } from '../../components/confirm.js';
import { EnglishFallback } from '../../components/english-fallback.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useT } from '../../lib/i18n.js';
import {
  useCleaningServices,
  useDeleteService,
  useReorderServices,
  useSaveService,
  useSetServiceHidden,
} from './api.js';
import { type ServiceForm, serviceFormOf, serviceFormSchema } from './cleaning-form.js';
import type en from './i18n/en.json';

/** A tile's picture, drawn as the storefront draws it. */
export function CleaningIcon({ icon, size = 28 }: { icon: CleaningServiceIcon; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {cleaningServiceIcons[icon].paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

function Entry({
  service,
  handle,
  onEdit,
  onToggle,
  onDelete,
}: {
  service: AdminCleaningService;
  handle: ReactNode;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const t = useT<typeof en>();
  return (
    <div className="d-flex flex-wrap flex-sm-nowrap align-items-center gap-2 border rounded p-2 mb-2 bg-body">
      {handle}
      <span className="text-primary px-1">
        <CleaningIcon icon={service.icon} />
      </span>
      <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '12rem' }}>
        <div className="fw-semibold text-truncate">
          {service.name}{' '}
          {service.hidden && (
            <Badge bg="light" text="dark" className="border">
              {t('content.hidden')}
            </Badge>
          )}
          {!service.nameEn && (
            <Badge bg="warning" text="dark" className="ms-1">
              {t('content.english.missing')}
            </Badge>
          )}
        </div>
        <div className="small text-body-secondary text-truncate" title={service.description}>
          {service.description}
        </div>
      </div>
      <div className="d-flex gap-1 ms-auto">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={onEdit}
          aria-label={t('content.editNamed', { name: service.name })}
        >
          {t('content.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onToggle}
          aria-label={t('content.toggleNamed', {
            hidden: String(service.hidden),
            name: service.name,
          })}
        >
          {t('content.toggle', { hidden: String(service.hidden) })}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={t('content.deleteNamed', { name: service.name })}
        >
          {t('content.delete')}
        </Button>
      </div>
    </div>
  );
}

/** The page's service tiles in their order: drag to reorder, add, edit, hide or show, delete. */
export function ServiceTilesSection() {
  const loaded = useCleaningServices();
  const sendOrder = useReorderServices();
  const setHidden = useSetServiceHidden();
  const deleteService = useDeleteService();
  const services = loaded.data?.services;
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT<typeof en>();
  const [editing, setEditing] = useState<AdminCleaningService | 'new'>();
  // The dragged order shows at once; the server's answer replaces it when it comes.
  const [dragged, setDragged] = useState<{
    from: typeof services;
    order: AdminCleaningService[];
  }>();
  const shown = dragged && dragged.from === services ? dragged.order : services;
  const full = (services?.length ?? 0) >= MAX_CLEANING_SERVICES;

  const fail = (error: unknown, fallback: string) =>
    toast(error instanceof ApiError ? error.message : fallback, 'danger');

  const reorder = async (ordered: AdminCleaningService[]) => {
    setDragged({ from: services, order: ordered });
    try {
      await sendOrder(ordered.map((service) => service.id));
      toast(t('content.orderSaved'));
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, t('content.orderFailed'));
    }
  };

  const toggle = async (service: AdminCleaningService) => {
    try {
      await setHidden({ id: service.id, hidden: !service.hidden });
      toast(t('content.toggled', { name: service.name, hidden: String(!service.hidden) }));
    } catch (error) {
      fail(error, t('content.changeFailed'));
    }
  };

  const remove = async (service: AdminCleaningService) => {
    const sure = await confirm({
      title: t('content.tiles.deleteTitle', { name: service.name }),
      body: t('content.tiles.deleteBody'),
      action: t('content.tiles.deleteAction'),
    });
    if (!sure) return;
    try {
      await deleteService(service.id);
      toast(t('content.deleted', { name: service.name }));
    } catch (error) {
      fail(error, t('content.tiles.deleteFailed'));
    }
  };

  return (
    <section className="mb-5" aria-labelledby="cleaning-tiles-title">
      <div className="d-flex justify-content-between align-items-center mb-2 gap-2 flex-wrap">
        <h2 className="h5 mb-0" id="cleaning-tiles-title">
          {t('content.tiles.title')}
        </h2>
        <Button onClick={() => setEditing('new')} disabled={full}>
          {t('content.tiles.new')}
        </Button>
      </div>
      <p className="text-body-secondary small">
        {full ? `${t('content.tiles.full', { max: MAX_CLEANING_SERVICES })} ` : ''}
        {t('content.tiles.help')}
      </p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && (
        <p className="text-body-secondary">{t('content.tiles.none')}</p>
      )}
      {shown && shown.length > 0 && (
        <SortableList
          as="ol"
          className="list-unstyled"
          items={shown}
          onReorder={(ordered) => void reorder(ordered)}
          renderItem={(service, handle) => (
            <Entry
              service={service}
              handle={handle}
              onEdit={() => setEditing(service)}
              onToggle={() => void toggle(service)}
              onDelete={() => void remove(service)}
            />
          )}
        />
      )}
      {editing && (
        <ServiceDialog
          service={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) toast(saved);
          }}
        />
      )}
    </section>
  );
}

/** Add or edit a tile: its name, description and one of the drawn icons. */
export function ServiceDialog({
  service,
  onClose,
}: {
  service: AdminCleaningService | undefined;
  onClose: (saved: string | undefined) => void;
}) {
  const [problem, setProblem] = useState('');
  const saveService = useSaveService();
  const t = useT<typeof en>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ServiceForm>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormOf(service),
  });
  const [nameEn, descriptionEn] = useWatch({ control, name: ['nameEn', 'descriptionEn'] });

  const submit = handleSubmit(async (form) => {
    setProblem('');
    try {
      const saved = await saveService({
        id: service?.id,
        body: service ? { ...form, updatedAt: service.updatedAt } : form,
      });
      onClose(t('content.tiles.saved', { name: saved.name }));
    } catch (error) {
      setProblem(
        showServerErrors(error, setError, [
          'name',
          'description',
          'nameEn',
          'descriptionEn',
          'icon',
        ]),
      );
    }
  });

  return (
    <FormDialog
      id="cleaning-tile-dialog"
      title={service ? t('content.tiles.edit') : t('content.tiles.new')}
      problem={problem}
      action={isSubmitting ? t('content.saving') : t('content.save')}
      busy={isSubmitting}
      size="lg"
      onSubmit={submit}
      onClose={() => onClose(undefined)}
    >
      <Row className="g-3">
        <Col md={6}>
          <FormField
            label={t('content.tiles.name')}
            maxLength={MAX_CLEANING_SERVICE_NAME_LENGTH}
            registration={register('name')}
            error={errors.name}
          />
          <FormField
            label={t('content.tiles.description')}
            rows={3}
            maxLength={MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH}
            registration={register('description')}
            error={errors.description}
            help={t('content.tiles.descriptionHelp')}
          />
        </Col>
        <Col md={6}>
          <FormField
            label={t('content.tiles.nameEn')}
            maxLength={MAX_CLEANING_SERVICE_NAME_LENGTH}
            registration={register('nameEn')}
            error={errors.nameEn}
            help={nameEn.trim() ? undefined : <EnglishFallback />}
          />
          <FormField
            label={t('content.tiles.descriptionEn')}
            rows={3}
            maxLength={MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH}
            registration={register('descriptionEn')}
            error={errors.descriptionEn}
            help={descriptionEn.trim() ? undefined : <EnglishFallback />}
          />
        </Col>
      </Row>
      <fieldset>
        <legend className="form-label fs-6 mb-2">{t('content.tiles.icon')}</legend>
        <div className="d-flex flex-wrap gap-2">
          {cleaningServiceIconNames.map((icon) => (
            <div key={icon}>
              <input
                type="radio"
                value={icon}
                id={`cleaning-icon-${icon}`}
                className="btn-check"
                {...register('icon')}
              />
              <label
                htmlFor={`cleaning-icon-${icon}`}
                className="btn btn-sm btn-outline-primary d-flex flex-column align-items-center gap-1 h-100"
                style={{ width: '5.5rem' }}
              >
                <CleaningIcon icon={icon} />
                <span className="small">{t(`content.tiles.icons.${icon}`)}</span>
              </label>
            </div>
          ))}
        </div>
        {errors.icon && (
          <Form.Text className="text-danger d-block" role="alert">
            {errors.icon.message}
          </Form.Text>
        )}
      </fieldset>
    </FormDialog>
  );
}
