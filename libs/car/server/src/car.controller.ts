import { CarBySlugInputSchema, CarRelatedInputSchema } from '@dealership/car-schemas';
import { Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { text } from '@dealership/shared-schemas';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { toLegacyCar } from './car.legacy-mapper';
import { CarService } from './car.service';

const SearchQuerySchema = z.object({
  searchQuery: text().trim().max(100, { error: 'searchQuery must be at most 100 characters' }).optional(),
});

/** The legacy `/api/car/...` REST paths, in their response shapes. */
@Public()
@Controller('car')
export class CarController {
  constructor(private readonly cars: CarService) {}

  @Get('getAll-car')
  async getAll(@Query() query: unknown) {
    const { searchQuery } = parseOrThrow(SearchQuerySchema, query);
    const cars = await this.cars.all(searchQuery || undefined);
    return { success: true, totalCar: cars.length, message: 'All Cars', cars: cars.map(toLegacyCar) };
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
}
