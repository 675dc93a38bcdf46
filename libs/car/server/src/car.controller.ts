import {
  CarBySlugInputSchema,
  CarCreateInputSchema,
  CarRelatedInputSchema,
  CarRemoveImageInputSchema,
  CarRemoveInputSchema,
  CarUpdateInputSchema,
} from '@dealership/car-schemas';
import { AdminOnly, CurrentUser, Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { LegacyMessageBodySchema, parseLegacyInput, readLegacyForm } from '@dealership/server-legacy-rest';
import { RestRoute } from '@dealership/server-openapi';
import { type AuthUser, text } from '@dealership/shared-schemas';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toLegacyCar } from './car.legacy-shape';
import { CarCatalogueExport } from './car-catalogue-export';
import { carConditions } from './car-filters';
import {
  fromLegacyCarBody,
  LEGACY_CAR_FIELDS,
  legacyCarBodySchema,
  LegacyCarListResponseSchema,
  LegacyCarResponseSchema,
  LegacyRelatedCarsResponseSchema,
} from './car.legacy-mapper';
import { CarService } from './car.service';

/** The shortest `searchQuery` the legacy list accepts. */
export const SEARCH_MIN_LENGTH = 2;

const SearchQuerySchema = z.object({
  searchQuery: text()
    .trim()
    .max(100, { error: 'searchQuery must be at most 100 characters' })
    // One letter matches most of the catalogue: a search is at least two (empty: the whole catalogue, cached).
    .refine((search) => search.length === 0 || search.length >= SEARCH_MIN_LENGTH, { error: `searchQuery must be at least ${SEARCH_MIN_LENGTH} characters` })
    .optional(),
});

const CarWriteBody = (contract: typeof CarCreateInputSchema | typeof CarUpdateInputSchema) => ({
  description:
    "The legacy client's multipart form (the spec's fields and repeated `documents`), or the same fields as JSON. Names are the legacy ones; the first problem found, in spec §5's order, is the 400's message.",
  json: legacyCarBodySchema(contract, 'json'),
  multipart: legacyCarBodySchema(contract, 'multipart'),
});
const CarIdParams = z.object({ id: CarRemoveInputSchema.shape.id });
const CarImageParams = CarRemoveImageInputSchema.pick({ carId: true });
const CarImageQuery = z.object({ image: CarRemoveImageInputSchema.shape.publicId });

/** The legacy `/api/car/...` REST paths, in their response shapes. Reads are public; writes are admin-only. */
@Public()
@Controller('car')
export class CarController {
  constructor(
    private readonly cars: CarService,
    private readonly catalogue: CarCatalogueExport,
  ) {}

  /**
   * Every listed car. The whole catalogue is encoded once per catalogue version (streamed from the
   * database in batches, gzip and brotli) and answered with an ETag (304 when the client has it); a
   * search is filtered and small, so it is built per request as before.
   */
  @Get('getAll-car')
  @RestRoute({
    summary: 'Every listed car, newest first, brand populated',
    description:
      'Without `searchQuery`: the whole listed catalogue (sold cars left out), with an `ETag`; a request whose `If-None-Match` names it gets 304. `searchQuery` (at least 2 characters) filters on the server (case-insensitive, metacharacters matched literally); the matching cars are streamed, with `totalCar` after them.',
    query: SearchQuerySchema,
    headers: z.object({ 'if-none-match': z.string().optional().meta({ description: 'The ETag of a copy the client has.' }) }),
    responses: {
      200: { description: 'The cars.', schema: LegacyCarListResponseSchema, headers: z.object({ etag: z.string().optional() }) },
      304: 'Not modified: the client has this version of the catalogue.',
    },
  })
  async getAll(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const { searchQuery } = parseOrThrow(SearchQuerySchema, query);
    if (!searchQuery) return this.catalogue.send(request, reply);
    // Streamed in batches (see searchBody): never every matching car in memory at once.
    const body = await this.catalogue.searchBody(carConditions({ search: searchQuery }));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body);
  }

  @Get('getCarById-car/:slug')
  @RestRoute({
    summary: 'One car by its slug (sold cars too, with their status)',
    params: CarBySlugInputSchema,
    responses: { 200: { description: 'The car.', schema: LegacyCarResponseSchema }, 404: 'No car has this slug.' },
  })
  async getBySlug(@Param('slug') slug: string) {
    const input = parseOrThrow(CarBySlugInputSchema, { slug });
    return { success: true, message: 'Car fetched', car: toLegacyCar(await this.cars.bySlug(input.slug)) };
  }

  @Get('related-car/:carId/:brandId')
  @RestRoute({
    summary: 'Other listed cars of the brand (never the car itself)',
    params: CarRelatedInputSchema,
    responses: { 200: { description: 'The cars.', schema: LegacyRelatedCarsResponseSchema }, 400: 'carId or brandId is not a valid id.' },
  })
  async related(@Param('carId') carId: string, @Param('brandId') brandId: string) {
    const input = parseOrThrow(CarRelatedInputSchema, { carId, brandId });
    return { success: true, cars: (await this.cars.related(input.carId, input.brandId)).map(toLegacyCar) };
  }

  /** Multipart (the legacy client: fields and repeated `documents`, each `{url, public_id}` JSON) or JSON. */
  @AdminOnly()
  @Post('create-car')
  @HttpCode(201)
  @RestRoute({
    summary: 'Creates a car',
    body: CarWriteBody(CarCreateInputSchema),
    responses: {
      201: { description: 'The car, created; it appears in its brand at once.', schema: LegacyCarResponseSchema },
      400: 'A field is missing or invalid (the message names it by its legacy name), or a picture is not of our store.',
      404: 'The brand does not exist.',
      409: 'A picture belongs to another car or brand.',
    },
  })
  async create(@Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields } = await readLegacyForm(request, body);
    const input = parseLegacyInput(CarCreateInputSchema, fromLegacyCarBody(fields), LEGACY_CAR_FIELDS);
    const car = await this.cars.create(input, user);
    return { success: true, message: 'Car Created Successfully', car: toLegacyCar(car) };
  }

  @AdminOnly()
  @Put('update-car/:id')
  @RestRoute({
    summary: 'Updates a car (only the fields sent; the slug follows the name)',
    params: CarIdParams,
    body: CarWriteBody(CarUpdateInputSchema),
    responses: {
      200: { description: 'The car, updated.', schema: LegacyCarResponseSchema },
      404: 'No such car.',
      409: 'A picture belongs to another car or brand.',
    },
  })
  async update(@Param('id') id: string, @Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields } = await readLegacyForm(request, body);
    const input = parseLegacyInput(CarUpdateInputSchema, { ...fromLegacyCarBody(fields), id }, LEGACY_CAR_FIELDS);
    const car = await this.cars.update(input, user);
    return { success: true, message: 'Car Updated Successfully', car: toLegacyCar(car) };
  }

  @AdminOnly()
  @Delete('delete-car/:id')
  @RestRoute({
    summary: 'Deletes a car and its pictures; it leaves its brand',
    params: CarRemoveInputSchema,
    responses: { 200: { description: 'Deleted.', schema: LegacyMessageBodySchema }, 404: 'No such car.' },
  })
  async remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(CarRemoveInputSchema, { id }, {});
    await this.cars.remove(input.id, user);
    return { success: true, message: 'Car Deleted Successfully' };
  }

  /** Detaches a picture (`?image=<public_id>`) from the car and deletes it from storage. */
  @AdminOnly()
  @Delete('delete-image/:carId')
  @RestRoute({
    summary: 'Detaches a picture from the car and deletes it from storage',
    params: CarImageParams,
    query: CarImageQuery,
    responses: { 200: { description: 'The car without the picture.', schema: LegacyCarResponseSchema }, 404: 'No such car, or the car has no such picture.' },
  })
  async removeImage(@Param('carId') carId: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(CarRemoveImageInputSchema, { carId, publicId: query.image }, { publicId: 'image' });
    const car = await this.cars.removeImage(input.carId, input.publicId, user);
    return { success: true, message: 'Image deleted', car: toLegacyCar(car) };
  }
}
