import { BrandModule } from '@dealership/brand-server';
import { CarModule } from '@dealership/car-server';
import { MediaModule } from '@dealership/media-server';
import { OrderModule } from '@dealership/order-server';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type DatabaseHandle, DbModule } from '@dealership/server-db';
import { UserModule } from '@dealership/user-server';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppRouterFactory } from './app-router.factory';
import { BootstrapService } from './bootstrap.service';
import { BrandLegacyController } from './brand-legacy.controller';
import { HealthController } from './health.controller';
import { SeoController } from './seo.controller';

/** The configuration, available to every module. */
@Global()
@Module({})
class ConfigModule {
  static forValue(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** Everything the server serves: feature modules, health, and the composed tRPC router. */
@Module({})
export class ApiModule {
  /** `database`: an already open database (tests); otherwise DbModule opens the configured one. */
  static forRoot(config: AppConfig, database?: DatabaseHandle): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forValue(config),
        database ? DbModule.forHandle(database) : DbModule.forRoot(),
        MediaModule,
        UserModule,
        CarModule,
        BrandModule,
        OrderModule,
      ],
      controllers: [HealthController, BrandLegacyController, SeoController],
      providers: [AppRouterFactory, BootstrapService],
    };
  }
}
