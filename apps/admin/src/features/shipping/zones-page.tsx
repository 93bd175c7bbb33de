import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminShippingBand,
  type AdminShippingZone,
  type ShippingCountry,
  zoneNameSchema,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { formatOre } from '../../lib/format.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import {
  useAddBand,
  useCreateZone,
  useDeleteBand,
  useDeleteZone,
  useUpdateBand,
  useUpdateZone,
  useZones,
} from './api.js';
import {
  formatKilograms,
  kilogramsInput,
  nokInput,
  parseKilograms,
  parsePriceOre,
} from './shipping-amounts.js';

type Editing =
  | { kind: 'zone'; zone?: AdminShippingZone }
  | { kind: 'band'; zone: AdminShippingZone; band?: AdminShippingBand };

/** Shipping zones: where the shop delivers, at what price by weight, and when it is free. */
export default function ZonesPage() {
  const zones = useZones();
  const deleteZone = useDeleteZone();
  const deleteBand = useDeleteBand();
  const [editing, setEditing] = useState<Editing>();
  const toast = useToast();
  const confirm = useConfirm();
  const list = zones.data?.zones;

  const closed = (message?: string) => {
    setEditing(undefined);
    if (message) toast(message);
  };

  const remove = async (
    what: string,
    send: () => Promise<unknown>,
    action: string,
    body: string,
  ) => {
    if (!(await confirm({ title: `Delete ${what}?`, body, action }))) return;
    try {
      await send();
      toast(`${what.charAt(0).toUpperCase()}${what.slice(1)} deleted.`);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'It could not be deleted.', 'danger');
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">Shipping zones and prices</h1>
        <Button onClick={() => setEditing({ kind: 'zone' })}>New zone</Button>
      </div>
      <p className="text-body-secondary small">
        A parcel costs the price of the cheapest band it fits by weight, or nothing once the goods
        reach the zone’s free-shipping amount. The storefront offers delivery to a zone’s countries
        once it has a weight band. Svalbard and Jan Mayen are never delivered to.
      </p>
      <PageState of={zones} />
      {list && (
        <Row xs={1} xl={2} className="g-3">
          {list.map((zone) => (
            <Col key={zone.id}>
              <ZoneCard
                zone={zone}
                onEdit={() => setEditing({ kind: 'zone', zone })}
                onDelete={() =>
                  void remove(
                    `the zone “${zone.name}”`,
                    () => deleteZone(zone.id),
                    'Delete zone',
                    'Its weight bands go with it, and its countries are no longer delivered to.',
                  )
                }
                onAddBand={() => setEditing({ kind: 'band', zone })}
                onEditBand={(band) => setEditing({ kind: 'band', zone, band })}
                onDeleteBand={(band) =>
                  void remove(
                    `the band up to ${formatKilograms(band.maxWeightGrams)}`,
                    () => deleteBand(band.id),
                    'Delete band',
                    zone.bands.length === 1
                      ? `It is the zone’s only band: ${zone.name} is no longer delivered to until it has one.`
                      : 'Parcels of that weight take the next band up.',
                  )
                }
              />
            </Col>
          ))}
        </Row>
      )}
      {editing?.kind === 'zone' && zones.data && (
        <ZoneDialog zone={editing.zone} countries={zones.data} onClose={closed} />
      )}
      {editing?.kind === 'band' && (
        <BandDialog zone={editing.zone} band={editing.band} onClose={closed} />
      )}
    </>
  );
}

function ZoneCard({
  zone,
  onEdit,
  onDelete,
  onAddBand,
  onEditBand,
  onDeleteBand,
}: {
  zone: AdminShippingZone;
  onEdit: () => void;
  onDelete: () => void;
  onAddBand: () => void;
  onEditBand: (band: AdminShippingBand) => void;
  onDeleteBand: (band: AdminShippingBand) => void;
}) {
  const titleId = `zone-${zone.id}`;
  return (
    <Card as="section" aria-labelledby={titleId} className="h-100">
      <Card.Header className="d-flex justify-content-between align-items-center gap-2 flex-wrap">
        <h2 id={titleId} className="h5 mb-0">
          {zone.name}
        </h2>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit}>
            Edit<span className="visually-hidden"> {zone.name}</span>
          </Button>
          <Button size="sm" variant="outline-danger" onClick={onDelete}>
            Delete<span className="visually-hidden"> {zone.name}</span>
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-2">
          <dt className="col-sm-4">Countries</dt>
          <dd className="col-sm-8">
            {zone.countries.length === 0 ? (
              <span className="text-body-secondary">None yet</span>
            ) : (
              <ul className="list-inline mb-0">
                {zone.countries.map((country) => (
                  <li key={country.code} className="list-inline-item">
                    <Badge bg="light" text="dark" className="border">
                      {country.name}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt className="col-sm-4">Free shipping</dt>
          <dd className="col-sm-8">
            {zone.freeFromOre === null ? 'Never' : `From ${formatOre(zone.freeFromOre)} of goods`}
          </dd>
        </dl>
        {zone.bands.length === 0 && zone.countries.length > 0 && (
          <Alert variant="warning" className="py-2">
            No weight band yet: these countries are not offered for delivery until you add one.
          </Alert>
        )}
        {zone.bands.length > 0 && (
          <Table size="sm" className="align-middle mb-2">
            <caption className="visually-hidden">Weight bands of {zone.name}</caption>
            <thead>
              <tr>
                <th scope="col">Up to</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {zone.bands.map((band) => (
                <tr key={band.id}>
                  <td>{formatKilograms(band.maxWeightGrams)}</td>
                  <td className="text-end">{formatOre(band.priceOre)}</td>
                  <td className="text-end text-nowrap">
                    <Button size="sm" variant="link" onClick={() => onEditBand(band)}>
                      Edit
                      <span className="visually-hidden">
                        {' '}
                        the band up to {formatKilograms(band.maxWeightGrams)}
                      </span>
                    </Button>
                    <Button
                      size="sm"
                      variant="link"
                      className="text-danger"
                      onClick={() => onDeleteBand(band)}
                    >
                      Delete
                      <span className="visually-hidden">
                        {' '}
                        the band up to {formatKilograms(band.maxWeightGrams)}
                      </span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Button size="sm" variant="outline-secondary" onClick={onAddBand}>
          Add weight band<span className="visually-hidden"> to {zone.name}</span>
        </Button>
      </Card.Body>
    </Card>
  );
}

const zoneForm = z.object({
  name: zoneNameSchema,
  freeFrom: z.string().refine((value) => value.trim() === '' || 'value' in parsePriceOre(value), {
    error: 'Enter the amount in kroner, such as 1000 or 999,50, or leave it empty for never.',
  }),
});
type ZoneForm = z.infer<typeof zoneForm>;

/** A zone's name, countries and free-shipping amount; creates one without `zone`. */
function ZoneDialog({
  zone,
  countries,
  onClose,
}: {
  zone: AdminShippingZone | undefined;
  countries: { zones: AdminShippingZone[]; countries: ShippingCountry[] };
  onClose: (message?: string) => void;
}) {
  const [chosen, setChosen] = useState<ShippingCountry[]>(zone?.countries ?? []);
  const holders = new Map(
    countries.zones
      .filter((other) => other.id !== zone?.id)
      .flatMap((other) => other.countries.map((country) => [country.code, other.name] as const)),
  );
  const chosenCodes = new Set(chosen.map((country) => country.code));
  const createZone = useCreateZone();
  const updateZone = useUpdateZone();
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<ZoneForm>({
    resolver: zodResolver(zoneForm),
    defaultValues: {
      name: zone?.name ?? '',
      freeFrom: zone?.freeFromOre == null ? '' : nokInput(zone.freeFromOre),
    },
    fields: ['name'],
    send: async ({ name, freeFrom }) => {
      const parsed = freeFrom.trim() === '' ? undefined : parsePriceOre(freeFrom);
      const body = {
        name,
        countries: chosen.map((country) => country.code),
        freeFromOre: parsed && 'value' in parsed ? parsed.value : null,
      };
      if (zone) await updateZone({ zoneId: zone.id, body });
      else await createZone(body);
      onClose(zone ? `Zone “${name}” saved.` : `Zone “${name}” created.`);
    },
  });

  return (
    <FormDialog
      id="zone"
      title={zone ? `Edit “${zone.name}”` : 'New shipping zone'}
      problem={problem}
      action={isSubmitting ? 'Saving…' : zone ? 'Save zone' : 'Create zone'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField label="Name" autoFocus registration={register('name')} error={errors.name} />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Countries</legend>
        {chosen.length === 0 ? (
          <p className="small text-body-secondary mb-2">No countries yet.</p>
        ) : (
          <ul className="list-inline mb-2">
            {chosen.map((country) => (
              <li key={country.code} className="list-inline-item mb-1">
                <Badge
                  bg="light"
                  text="dark"
                  className="border d-inline-flex align-items-center gap-1"
                >
                  {country.name}
                  <CloseButton
                    className="btn-close-sm"
                    style={{ fontSize: '0.6rem' }}
                    aria-label={`Remove ${country.name}`}
                    onClick={() =>
                      setChosen((previous) => previous.filter((one) => one.code !== country.code))
                    }
                  />
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <Form.Select
          aria-label="Add a country"
          value=""
          onChange={(event) => {
            const country = countries.countries.find((one) => one.code === event.target.value);
            if (country) setChosen((previous) => [...previous, country]);
          }}
        >
          <option value="">Add a country…</option>
          {countries.countries
            .filter((country) => !chosenCodes.has(country.code))
            .map((country) => {
              const holder = holders.get(country.code);
              return (
                <option key={country.code} value={country.code} disabled={holder !== undefined}>
                  {country.name}
                  {holder === undefined ? '' : ` (in ${holder})`}
                </option>
              );
            })}
        </Form.Select>
        <Form.Text muted>
          A country belongs to one zone. Countries of other zones are shown with their zone.
        </Form.Text>
      </fieldset>
      <FormField
        label="Free shipping from (NOK)"
        inputMode="decimal"
        registration={register('freeFrom')}
        error={errors.freeFrom}
        help="The goods’ total before the coupon. Leave empty if the zone never ships free."
      />
    </FormDialog>
  );
}

const bandForm = z.object({
  weight: z.string().superRefine((value, context) => {
    const parsed = parseKilograms(value);
    if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
  }),
  price: z.string().superRefine((value, context) => {
    const parsed = parsePriceOre(value);
    if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
  }),
});
type BandForm = z.infer<typeof bandForm>;

/** A weight band of a zone; adds one without `band`. */
function BandDialog({
  zone,
  band,
  onClose,
}: {
  zone: AdminShippingZone;
  band: AdminShippingBand | undefined;
  onClose: (message?: string) => void;
}) {
  const addBand = useAddBand();
  const updateBand = useUpdateBand();
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<BandForm>({
    resolver: zodResolver(bandForm),
    defaultValues: {
      weight: band ? kilogramsInput(band.maxWeightGrams) : '',
      price: band ? nokInput(band.priceOre) : '',
    },
    // The server names its fields after the wire; the dialog shows those messages at the top.
    fields: [],
    send: async ({ weight, price }) => {
      const grams = parseKilograms(weight);
      const ore = parsePriceOre(price);
      if (!('value' in grams) || !('value' in ore)) return;
      const body = { maxWeightGrams: grams.value, priceOre: ore.value };
      if (band) await updateBand({ bandId: band.id, body });
      else await addBand({ zoneId: zone.id, body });
      onClose(band ? 'Weight band saved.' : `Weight band added to ${zone.name}.`);
    },
  });
  return (
    <FormDialog
      id="band"
      title={band ? `Edit a weight band of ${zone.name}` : `New weight band for ${zone.name}`}
      problem={problem}
      action={isSubmitting ? 'Saving…' : band ? 'Save band' : 'Add band'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField
        label="Parcels up to (kg)"
        autoFocus
        inputMode="decimal"
        registration={register('weight')}
        error={errors.weight}
        help="The parcel’s weight is the sum of its items’ weights."
      />
      <FormField
        label="Price (NOK)"
        inputMode="decimal"
        registration={register('price')}
        error={errors.price}
        help="0 for a free band."
      />
    </FormDialog>
  );
}
