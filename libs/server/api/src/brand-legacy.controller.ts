import { BrandBySlugInputSchema } from '@dealership/brand-schemas';
import { BrandService } from '@dealership/brand-server';
import { CarService } from '@dealership/car-server';
import { MAX_PAGE_SIZE } from '@dealership/shared-schemas';
import { Public, parseOrThrow } from '@dealership/server-core';
import { Controller, Get, Param } from '@nestjs/common';

/**
 * `GET /api/brand/getBrandBtId-brand/{slug}`: a brand with its cars, as the legacy client reads it.
 * It spans two features, so it is composed here rather than in either module.
 */
@Public()
@Controller('brand')
export class BrandLegacyController {
  constructor(
    private readonly brands: BrandService,
    private readonly cars: CarService,
  ) {}

  @Get('getBrandBtId-brand/:slug')
  async bySlug(@Param('slug') slug: string) {
    const input = parseOrThrow(BrandBySlugInputSchema, { slug });
    const brand = await this.brands.bySlug(input.slug);
    const carInvoleInThisBrand = await this.cars.allOfBrand(brand._id, MAX_PAGE_SIZE * 10);
    return { success: true, message: 'Brand fetched', brand: { ...brand, carInvoleInThisBrand } };
  }
}
