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
import { RichText, useFormat, useT } from '../../lib/i18n.js';
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
import type en from './i18n/en.json';

type Editing =
  | { kind: 'zone'; zone?: AdminShippingZone }
  | { kind: 'band'; zone: AdminShippingZone; band?: AdminShippingBand };

/** Shipping zones: where the shop delivers, at what price by weight, and when it is free. */
export default function ZonesPage() {
  const t = useT<typeof en>();
  const format = useFormat();
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

  /** `what` names the zone or band in the confirmation and the toast. */
  const remove = async (
    what: { what: 'zone'; name: string } | { what: 'band'; weight: string },
    send: () => Promise<unknown>,
    action: string,
    body: string,
  ) => {
    if (!(await confirm({ title: t('shipping.zones.deleteTitle', what), body, action }))) return;
    try {
      await send();
      toast(t('shipping.zones.deleted', what));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('shipping.zones.deleteFailed'), 'danger');
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{t('shipping.zones.title')}</h1>
        <Button onClick={() => setEditing({ kind: 'zone' })}>{t('shipping.zones.new')}</Button>
      </div>
      <p className="text-body-secondary small">{t('shipping.zones.intro')}</p>
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
                    { what: 'zone', name: zone.name },
                    () => deleteZone(zone.id),
                    t('shipping.zones.deleteZone'),
                    t('shipping.zones.deleteZoneBody'),
                  )
                }
                onAddBand={() => setEditing({ kind: 'band', zone })}
                onEditBand={(band) => setEditing({ kind: 'band', zone, band })}
                onDeleteBand={(band) =>
                  void remove(
                    { what: 'band', weight: formatKilograms(t, format, band.maxWeightGrams) },
                    () => deleteBand(band.id),
                    t('shipping.zones.deleteBand'),
                    zone.bands.length === 1
                      ? t('shipping.zones.onlyBand', { name: zone.name })
                      : t('shipping.zones.nextBand'),
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
  const t = useT<typeof en>();
  const format = useFormat();
  const hidden = <span className="visually-hidden" />;
  const titleId = `zone-${zone.id}`;
  return (
    <Card as="section" aria-labelledby={titleId} className="h-100">
      <Card.Header className="d-flex justify-content-between align-items-center gap-2 flex-wrap">
        <h2 id={titleId} className="h5 mb-0">
          {zone.name}
        </h2>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit}>
            <RichText<typeof en>
              id="shipping.zones.edit"
              values={{ name: zone.name }}
              components={{ 0: hidden }}
            />
          </Button>
          <Button size="sm" variant="outline-danger" onClick={onDelete}>
            <RichText<typeof en>
              id="shipping.zones.delete"
              values={{ name: zone.name }}
              components={{ 0: hidden }}
            />
          </Button>
        </div>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-2">
          <dt className="col-sm-4">{t('shipping.zones.countries')}</dt>
          <dd className="col-sm-8">
            {zone.countries.length === 0 ? (
              <span className="text-body-secondary">{t('shipping.zones.noneYet')}</span>
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
          <dt className="col-sm-4">{t('shipping.zones.freeShipping')}</dt>
          <dd className="col-sm-8">
            {zone.freeFromOre === null
              ? t('shipping.zones.never')
              : t('shipping.zones.freeFrom', { amount: format.ore(zone.freeFromOre) })}
          </dd>
        </dl>
        {zone.bands.length === 0 && zone.countries.length > 0 && (
          <Alert variant="warning" className="py-2">
            {t('shipping.zones.noBand')}
          </Alert>
        )}
        {zone.bands.length > 0 && (
          <Table size="sm" className="align-middle mb-2">
            <caption className="visually-hidden">
              {t('shipping.zones.bandsOf', { name: zone.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('shipping.zones.upTo')}</th>
                <th scope="col" className="text-end">
                  {t('shipping.zones.price')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('shipping.zones.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {zone.bands.map((band) => {
                const weight = formatKilograms(t, format, band.maxWeightGrams);
                return (
                  <tr key={band.id}>
                    <td>{weight}</td>
                    <td className="text-end">{format.ore(band.priceOre)}</td>
                    <td className="text-end text-nowrap">
                      <Button size="sm" variant="link" onClick={() => onEditBand(band)}>
                        <RichText<typeof en>
                          id="shipping.zones.editBand"
                          values={{ weight }}
                          components={{ 0: hidden }}
                        />
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        onClick={() => onDeleteBand(band)}
                      >
                        <RichText<typeof en>
                          id="shipping.zones.deleteBandButton"
                          values={{ weight }}
                          components={{ 0: hidden }}
                        />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        <Button size="sm" variant="outline-secondary" onClick={onAddBand}>
          <RichText<typeof en>
            id="shipping.zones.addBand"
            values={{ name: zone.name }}
            components={{ 0: hidden }}
          />
        </Button>
      </Card.Body>
    </Card>
  );
}

const zoneForm = z.object({
  name: zoneNameSchema,
  freeFrom: z.string().refine((value) => value.trim() === '' || 'value' in parsePriceOre(value), {
    // A key of the shipping catalogue: the field shows it in the staff member's words.
    error: 'shipping.zone.freeFromError',
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
  const t = useT<typeof en>();
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
      onClose(t(zone ? 'shipping.zone.saved' : 'shipping.zone.created', { name }));
    },
  });

  return (
    <FormDialog
      id="zone"
      title={zone ? t('shipping.zone.editTitle', { name: zone.name }) : t('shipping.zone.newTitle')}
      problem={problem}
      action={
        isSubmitting
          ? t('shipping.zone.saving')
          : zone
            ? t('shipping.zone.save')
            : t('shipping.zone.create')
      }
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField
        label={t('shipping.zone.name')}
        autoFocus
        registration={register('name')}
        error={errors.name}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('shipping.zone.countries')}</legend>
        {chosen.length === 0 ? (
          <p className="small text-body-secondary mb-2">{t('shipping.zone.noCountries')}</p>
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
                    aria-label={t('shipping.zone.remove', { country: country.name })}
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
          aria-label={t('shipping.zone.addCountry')}
          value=""
          onChange={(event) => {
            const country = countries.countries.find((one) => one.code === event.target.value);
            if (country) setChosen((previous) => [...previous, country]);
          }}
        >
          <option value="">{t('shipping.zone.addCountryOption')}</option>
          {countries.countries
            .filter((country) => !chosenCodes.has(country.code))
            .map((country) => {
              const holder = holders.get(country.code);
              return (
                <option key={country.code} value={country.code} disabled={holder !== undefined}>
                  {holder === undefined
                    ? country.name
                    : t('shipping.zone.inZone', { country: country.name, zone: holder })}
                </option>
              );
            })}
        </Form.Select>
        <Form.Text muted>{t('shipping.zone.oneZone')}</Form.Text>
      </fieldset>
      <FormField
        label={t('shipping.zone.freeFromLabel')}
        inputMode="decimal"
        registration={register('freeFrom')}
        error={errors.freeFrom}
        help={t('shipping.zone.freeFromHelp')}
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
  const t = useT<typeof en>();
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
      onClose(band ? t('shipping.band.saved') : t('shipping.band.added', { name: zone.name }));
    },
  });
  return (
    <FormDialog
      id="band"
      title={t(band ? 'shipping.band.editTitle' : 'shipping.band.newTitle', { name: zone.name })}
      problem={problem}
      action={
        isSubmitting
          ? t('shipping.band.saving')
          : band
            ? t('shipping.band.save')
            : t('shipping.band.add')
      }
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField
        label={t('shipping.band.weight')}
        autoFocus
        inputMode="decimal"
        registration={register('weight')}
        error={errors.weight}
        help={t('shipping.band.weightHelp')}
      />
      <FormField
        label={t('shipping.band.price')}
        inputMode="decimal"
        registration={register('price')}
        error={errors.price}
        help={t('shipping.band.priceHelp')}
      />
    </FormDialog>
  );
}
