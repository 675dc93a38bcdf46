import { Module } from '@nestjs/common';
import { CatalogueChangesModule } from './catalogue-changes';
import { MetaVehicleFeed } from './meta-vehicle-feed';
import { MetaVehicleFeedController } from './meta-vehicle-feed.controller';

/**
 * The stock as an ads catalogue (`/feeds/meta-vehicles.csv`). A module of its own, beside
 * `CarModule`: its route is served outside `/api`, so a test app of the car routes leaves it out.
 */
@Module({
  imports: [CatalogueChangesModule],
  providers: [MetaVehicleFeed],
  controllers: [MetaVehicleFeedController],
})
export class MetaVehicleFeedModule {}
