import { AuditModule } from '@dealership/audit-server';
import { CatalogueChangesModule } from './catalogue-changes';
import { MediaModule } from '@dealership/media-server';
import { MessageModule } from '@dealership/message-server';
import { Module } from '@nestjs/common';
import { CarCatalogueExport } from './car-catalogue-export';
import { CarController } from './car.controller';
import { CarLandingRepository } from './car-landing.repository';
import { CarReportRepository } from './car-report.repository';
import { CarRepository } from './car.repository';
import { CarRouter } from './car.router';
import { CarService } from './car.service';
import { CarSpinRepository } from './car-spin.repository';
import { CarSpinService } from './car-spin.service';
import { CarCostRepository } from './car-cost.repository';
import { CarCostService } from './car-cost.service';
import { AgedStockAlerts } from './aged-stock.service';
import { CarDrafts } from './car-drafts';
import { CarDraftService } from './car-draft.service';
import { CarViews } from './car-views';
import { CarSitePages } from './car.site-pages';
import { CarLandingService } from './car-landing.service';
import { CarLandingSitePages } from './car-landing.site-pages';

@Module({
  imports: [CatalogueChangesModule, MediaModule, AuditModule, MessageModule],
  providers: [CarRepository, CarReportRepository, CarLandingRepository, CarService, CarViews, CarRouter, CarSitePages, CarCatalogueExport, CarLandingService, CarLandingSitePages, CarSpinRepository, CarSpinService, CarCostRepository, CarCostService, AgedStockAlerts, CarDrafts, CarDraftService],
  controllers: [CarController],
  exports: [CatalogueChangesModule, CarRouter, CarService, CarViews],
})
export class CarModule {}
