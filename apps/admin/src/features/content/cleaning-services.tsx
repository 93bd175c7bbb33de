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
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useConfirm } from '../../components/confirm.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import {
  useCleaningServices,
  useDeleteService,
  useReorderServices,
  useSaveService,
  useSetServiceHidden,
} from './api.js';
import { type ServiceForm, serviceFormOf, serviceFormSchema } from './cleaning-form.js';

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
              Hidden
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
          aria-label={`Edit ${service.name}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onToggle}
          aria-label={`${service.hidden ? 'Show' : 'Hide'} ${service.name}`}
        >
          {service.hidden ? 'Show' : 'Hide'}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={`Delete ${service.name}`}
        >
          Delete
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
      toast('The new order is saved.');
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, 'The order could not be saved.');
    }
  };

  const toggle = async (service: AdminCleaningService) => {
    try {
      await setHidden({ id: service.id, hidden: !service.hidden });
      toast(`“${service.name}” is ${service.hidden ? 'shown again' : 'hidden'}.`);
    } catch (error) {
      fail(error, 'The change could not be saved.');
    }
  };

  const remove = async (service: AdminCleaningService) => {
    const sure = await confirm({
      title: `Delete “${service.name}”?`,
      body: 'The tile leaves the cleaning page for good. To take it off for a while, hide it instead.',
      action: 'Delete tile',
    });
    if (!sure) return;
    try {
      await deleteService(service.id);
      toast(`“${service.name}” deleted.`);
    } catch (error) {
      fail(error, 'The tile could not be deleted.');
    }
  };

  return (
    <section className="mb-5" aria-labelledby="cleaning-tiles-title">
      <div className="d-flex justify-content-between align-items-center mb-2 gap-2 flex-wrap">
        <h2 className="h5 mb-0" id="cleaning-tiles-title">
          Service tiles
        </h2>
        <Button onClick={() => setEditing('new')} disabled={full}>
          New tile
        </Button>
      </div>
      <p className="text-body-secondary small">
        {full
          ? `The page holds at most ${MAX_CLEANING_SERVICES} tiles: delete one to add another. `
          : ''}
        Drag a tile by its handle (or focus the handle and use space and the arrow keys) to change
        the order; hidden tiles stay here but not on the page.
      </p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && <p className="text-body-secondary">No tiles yet.</p>}
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ServiceForm>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormOf(service),
  });

  const submit = handleSubmit(async (form) => {
    setProblem('');
    try {
      const saved = await saveService({
        id: service?.id,
        body: service ? { ...form, updatedAt: service.updatedAt } : form,
      });
      onClose(`Tile “${saved.name}” saved.`);
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['name', 'description', 'icon']));
    }
  });

  return (
    <FormDialog
      id="cleaning-tile-dialog"
      title={service ? 'Edit tile' : 'New tile'}
      problem={problem}
      action={isSubmitting ? 'Saving…' : 'Save'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(undefined)}
    >
      <FormField
        label="Name"
        maxLength={MAX_CLEANING_SERVICE_NAME_LENGTH}
        registration={register('name')}
        error={errors.name}
      />
      <FormField
        label="Description"
        rows={3}
        maxLength={MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH}
        registration={register('description')}
        error={errors.description}
        help="A sentence or two under the name."
      />
      <fieldset>
        <legend className="form-label fs-6 mb-2">Icon</legend>
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
                <span className="small">{cleaningServiceIcons[icon].label}</span>
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
