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
import { text } from '@dealership/shared-schemas';
import type { AuthUser } from '@dealership/user-schemas';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CarCatalogueExport } from './car-catalogue-export';
import { fromLegacyCarBody, LEGACY_CAR_FIELDS, parseLegacyInput, toLegacyCar } from './car.legacy-mapper';
import { CarService } from './car.service';
import { readLegacyForm } from './legacy-form';

const SearchQuerySchema = z.object({
  searchQuery: text().trim().max(100, { error: 'searchQuery must be at most 100 characters' }).optional(),
});

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
  async getAll(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const { searchQuery } = parseOrThrow(SearchQuerySchema, query);
    if (!searchQuery) return this.catalogue.send(request, reply);
    const cars = await this.cars.all(searchQuery);
    return reply.send({ success: true, totalCar: cars.length, message: 'All Cars', cars: cars.map(toLegacyCar) });
  }

  @Get('getCarById-car/:slug')
  async getBySlug(@Param('slug') slug: string) {
    const input = parseOrThrow(CarBySlugInputSchema, { slug });
    return { success: true, message: 'Car fetched', car: toLegacyCar(await this.cars.bySlug(input.slug)) };
  }

  @Get('related-car/:carId/:brandId')
  async related(@Param('carId') carId: string, @Param('brandId') brandId: string) {
    const input = parseOrThrow(CarRelatedInputSchema, { carId, brandId });
    return { success: true, cars: (await this.cars.related(input.carId, input.brandId)).map(toLegacyCar) };
  }

  /** Multipart (the legacy client: fields and repeated `documents`, each `{url, public_id}` JSON) or JSON. */
  @AdminOnly()
  @Post('create-car')
  @HttpCode(201)
  async create(@Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields } = await readLegacyForm(request, body);
    const input = parseLegacyInput(CarCreateInputSchema, fromLegacyCarBody(fields), LEGACY_CAR_FIELDS);
    const car = await this.cars.create(input, user);
    return { success: true, message: 'Car Created Successfully', car: toLegacyCar(car) };
  }

  @AdminOnly()
  @Put('update-car/:id')
  async update(@Param('id') id: string, @Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields } = await readLegacyForm(request, body);
    const input = parseLegacyInput(CarUpdateInputSchema, { ...fromLegacyCarBody(fields), id }, LEGACY_CAR_FIELDS);
    const car = await this.cars.update(input, user);
    return { success: true, message: 'Car Updated Successfully', car: toLegacyCar(car) };
  }

  @AdminOnly()
  @Delete('delete-car/:id')
  async remove(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(CarRemoveInputSchema, { id }, {});
    await this.cars.remove(input.id, user);
    return { success: true, message: 'Car Deleted Successfully' };
  }

  /** Detaches a picture (`?image=<public_id>`) from the car and deletes it from storage. */
  @AdminOnly()
  @Delete('delete-image/:carId')
  async removeImage(@Param('carId') carId: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(CarRemoveImageInputSchema, { carId, publicId: query.image }, { publicId: 'image' });
    const car = await this.cars.removeImage(input.carId, input.publicId, user);
    return { success: true, message: 'Image deleted', car: toLegacyCar(car) };
  }
}
