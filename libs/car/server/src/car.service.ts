import {
  type Car,
  type CarListFilters,
  type CarPage,
  CAROUSEL_SLIDES,
  HOME_SHOWCASE_SIZE,
  RELATED_CARS_LIMIT,
} from '@dealership/car-schemas';
import { Injectable } from '@nestjs/common';
import { carConditions } from './car-filters';
import { CarNotFoundError } from './car.errors';
import { CarRepository } from './car.repository';

@Injectable()
export class CarService {
  constructor(private readonly cars: CarRepository) {}

  list(filters: CarListFilters): Promise<CarPage> {
    return this.cars.list(filters);
  }

  /** The whole catalogue, newest first, optionally narrowed by a literal search text. */
  all(search?: string): Promise<Car[]> {
    return this.cars.all(search ? carConditions({ search }) : undefined);
  }

  /** The home page's newest cars. */
  latest(): Promise<Car[]> {
    return this.cars.newest(HOME_SHOWCASE_SIZE);
  }

  /** The home carousel's cars: the newest five for now (a "featured" flag can replace this). */
  featured(): Promise<Car[]> {
    return this.cars.newest(CAROUSEL_SLIDES);
  }

  async bySlug(slug: string): Promise<Car> {
    const car = await this.cars.bySlug(slug);
    if (!car) throw new CarNotFoundError(slug);
    return car;
  }

  related(carId: string, brandId: string): Promise<Car[]> {
    return this.cars.relatedTo(carId, brandId, RELATED_CARS_LIMIT);
  }

  /** A brand's cars, newest first (at most `limit`). */
  allOfBrand(brandId: string, limit: number): Promise<Car[]> {
    return this.cars.ofBrand(brandId, limit);
  }
}
