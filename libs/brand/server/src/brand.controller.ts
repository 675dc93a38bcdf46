import { BrandBySlugInputSchema } from '@dealership/brand-schemas';
import { CarService } from '@dealership/car-server';
import { Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { MAX_PAGE_SIZE } from '@dealership/shared-schemas';
import { Controller, Get, Param } from '@nestjs/common';
import { toLegacyBrand, toLegacyBrandWithCars } from './brand.legacy-mapper';
import { BrandService } from './brand.service';

/** The legacy `/api/brand/...` REST paths, in their response shapes. */
@Public()
@Controller('brand')
export class BrandController {
  constructor(
    private readonly brands: BrandService,
    private readonly cars: CarService,
  ) {}

  /** Brands with their logos only: the legacy server embedded every car of every brand here. */
  @Get('getAll-brand')
  async getAll() {
    return { success: true, message: 'All Brands', brands: (await this.brands.list()).map(toLegacyBrand) };
  }

  /** A brand with its cars (newest first, bounded), as the legacy brand page read it. */
  @Get('getBrandBtId-brand/:slug')
  async bySlug(@Param('slug') slug: string) {
    const input = parseOrThrow(BrandBySlugInputSchema, { slug });
    const brand = await this.brands.bySlug(input.slug);
    const cars = await this.cars.allOfBrand(brand.id, MAX_PAGE_SIZE * 10);
    return { success: true, message: 'Brand fetched', brand: toLegacyBrandWithCars(brand, cars) };
  }
}
