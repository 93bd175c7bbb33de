import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPostalCodeParamsSchema,
  adminPostalCodeSchema,
  adminShippingZoneSchema,
  adminShippingZonesSchema,
  createShippingZoneRequestSchema,
  idSchema,
  MIN_POSTAL_REGISTER_ROWS,
  postalRegisterSummarySchema,
  postalRegisterUploadErrorSchema,
  postalRegisterUploadResultSchema,
  shippingBandRequestSchema,
  updateShippingBandRequestSchema,
  updateShippingZoneRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, ownerGuard } from '../../admin/admin-routes.js';
import { DomainError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { currentUser } from '../../auth/current-user.js';
import {
  findRegisteredPostalCode,
  postalRegisterSummary,
  replacePostalRegister,
} from './postal-register.service.js';
import {
  addShippingBand,
  createShippingZone,
  deleteShippingBand,
  deleteShippingZone,
  listShippingZones,
  updateShippingBand,
  updateShippingZone,
} from './shipping-admin.service.js';
import { placeNameCase } from './shipping.service.js';

const params = z.object({ id: idSchema });
const MAX_FILE_NAME_LENGTH = 200;

/** The uploaded register in the field `file`, with a name fit to show as its source. */
async function readRegisterFile(
  request: FastifyRequest,
): Promise<{ name: string; bytes: Uint8Array }> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') {
      file?.file.resume();
      throw new InvalidError('errors.shipping.noRegisterFile');
    }
    const bytes = await file.toBuffer();
    // eslint-disable-next-line no-control-regex -- a file name is shown, so its controls go
    const name = file.filename.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
    return { name: name.slice(0, MAX_FILE_NAME_LENGTH) || 'Uploaded register', bytes };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Not multipart, a malformed form or a file over the upload limit.
    throw new InvalidError('errors.shipping.noRegisterFile');
  }
}

/**
 * The owner's shipping settings (issue 14): zones with their countries, weight bands and
 * free-shipping threshold, and Posten's postal code register.
 */
export const shippingAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = ownerGuard(app);
  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  app.get(
    '/admin/shipping/zones',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The shipping zones (ours)',
        description:
          'Every zone by name, with its countries (ISO 3166 alpha-2), its weight bands lightest ' +
          'first and its free-shipping threshold in øre (null: never free); and `countries`, the ' +
          "ones a zone may hold: the storefront's country list without Svalbard and Jan Mayen. " +
          `A zone's countries are offered for delivery once it has a band. ${audience.owner}`,
        response: { 200: adminShippingZonesSchema, ...adminErrors },
      },
    },
    async () => listShippingZones(db),
  );

  app.post(
    '/admin/shipping/zones',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Create a shipping zone (ours)',
        description:
          '400 for Svalbard and Jan Mayen (SJ, never delivered to) or a country off the list; ' +
          '409 for a name in use or a country another zone holds (the message names the zone). ' +
          `${audience.owner}`,
        body: createShippingZoneRequestSchema,
        response: { 201: adminShippingZoneSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const zone = await createShippingZone(db, actorOf(request), request.body);
      return reply.status(201).send(zone);
    },
  );

  app.patch(
    '/admin/shipping/zones/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Rename a zone, change its countries or its free-shipping threshold (ours)',
        description:
          '`countries` replaces the whole list; a country removed is no longer delivered to ' +
          `at once. Refusals as on creation. ${audience.owner}`,
        params,
        body: updateShippingZoneRequestSchema,
        response: { 200: adminShippingZoneSchema, ...adminErrors },
      },
    },
    async (request) => updateShippingZone(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/shipping/zones/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a shipping zone (ours)',
        description:
          'With its bands; its countries are no longer delivered to. 409 for the last zone: ' +
          `remove its countries instead. ${audience.owner}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteShippingZone(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/shipping/zones/:id/bands',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Add a weight band to a zone (ours)',
        description:
          'A parcel up to `maxWeightGrams` costs `priceOre`; the quote takes the cheapest band ' +
          `it fits. 409 for a weight the zone has a band for. Answers the zone. ${audience.owner}`,
        params,
        body: shippingBandRequestSchema,
        response: { 201: adminShippingZoneSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const zone = await addShippingBand(db, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(zone);
    },
  );

  app.patch(
    '/admin/shipping/bands/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Change a weight band (ours)',
        description: `409 for a weight the zone has another band for. Answers the zone. ${audience.owner}`,
        params,
        body: updateShippingBandRequestSchema,
        response: { 200: adminShippingZoneSchema, ...adminErrors },
      },
    },
    async (request) => updateShippingBand(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/shipping/bands/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a weight band (ours)',
        description:
          "A zone's last band taken away stops delivery to its countries until it has one " +
          `again. Answers the zone. ${audience.owner}`,
        params,
        response: { 200: adminShippingZoneSchema, ...adminErrors },
      },
    },
    async (request) => deleteShippingBand(db, actorOf(request), request.params.id),
  );

  app.get(
    '/admin/postal-codes',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "The postal code register's summary (ours)",
        description:
          'How many Norwegian postal codes the register holds, where they came from (the ' +
          `bundled register or the uploaded file's name) and when. ${audience.owner}`,
        response: { 200: postalRegisterSummarySchema, ...adminErrors },
      },
    },
    async () => postalRegisterSummary(db),
  );

  app.get(
    '/admin/postal-codes/:code',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One postal code of the register (ours)',
        description: `404 for a code the register lacks. ${audience.owner}`,
        params: adminPostalCodeParamsSchema,
        response: { 200: adminPostalCodeSchema, ...adminErrors },
      },
    },
    async (request) => {
      const row = await findRegisteredPostalCode(db, request.params.code, placeNameCase);
      if (!row) throw new NotFoundError('errors.shipping.postalCodeNotInRegister');
      return row;
    },
  );

  app.put(
    '/admin/postal-codes',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: "Replace the postal code register with Posten's file (ours)",
        description:
          "A multipart form with one file in the field `file`: Posten's Postnummerregister, " +
          'tab-separated as postal code, place, municipality code, municipality and category, ' +
          'one code a line, in Windows-1252 (as Posten publishes it) or UTF-8. Every line is ' +
          'checked; 400 lists the first bad ones by line number, and a file of fewer than ' +
          `${MIN_POSTAL_REGISTER_ROWS} codes is refused as cut short; either way nothing changes. ` +
          'Otherwise the register becomes the file, in one transaction, and the answer counts ' +
          `the codes added, changed and removed. ${audience.owner}`,
        consumes: ['multipart/form-data'],
        response: {
          200: postalRegisterUploadResultSchema,
          ...adminErrors,
          400: postalRegisterUploadErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await readRegisterFile(request);
      const outcome = await replacePostalRegister(db, actorOf(request), file, app.clock());
      if (!outcome.ok)
        return reply.status(400).send({
          message: outcome.message,
          ...(outcome.errors ? { errors: outcome.errors } : {}),
        });
      return outcome.result;
    },
  );
};
