import type { Brand } from '@dealership/brand-schemas';
import { Injectable } from '@nestjs/common';
import { BrandNotFoundError } from './brand.errors';
import { BrandRepository } from './brand.repository';

@Injectable()
export class BrandService {
  constructor(private readonly brands: BrandRepository) {}

  list(): Promise<Brand[]> {
    return this.brands.all();
  }

  async bySlug(slug: string): Promise<Brand> {
    const brand = await this.brands.bySlug(slug);
    if (!brand) throw new BrandNotFoundError();
    return brand;
  }
}
