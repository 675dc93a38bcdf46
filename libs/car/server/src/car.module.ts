import { AuditModule } from '@dealership/audit-server';
import { MediaModule } from '@dealership/media-server';
import { Module } from '@nestjs/common';
import { CarCatalogueExport } from './car-catalogue-export';
import { CarController } from './car.controller';
import { CarRepository } from './car.repository';
import { CarRouter } from './car.router';
import { CarService } from './car.service';
import { CarViews } from './car-views';
import { CarSitePages } from './car.site-pages';

@Module({
  imports: [MediaModule, AuditModule],
  providers: [CarRepository, CarService, CarViews, CarRouter, CarSitePages, CarCatalogueExport],
  controllers: [CarController],
  exports: [CarRouter, CarService, CarViews],
})
export class CarModule {}
