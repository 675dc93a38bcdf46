import { AlertModule } from '@dealership/alert-server';
import { AppRouterFactory } from '@dealership/app-router';
import { InspectionModule } from '@dealership/inspection-server';
import { BackupRouter } from '@dealership/server-trpc';
import { AuditModule } from '@dealership/audit-server';
import { BrandModule } from '@dealership/brand-server';
import { CarModule, MetaVehicleFeedModule } from '@dealership/car-server';
import { ContentModule } from '@dealership/content-server';
import { LeadModule } from '@dealership/lead-server';
import { MediaModule } from '@dealership/media-server';
import { MessageModule } from '@dealership/message-server';
import { OrderModule } from '@dealership/order-server';
import { AuthModule } from '@dealership/server-auth';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { type DatabaseHandle, DbModule } from '@dealership/server-db';
import { CspSourcesModule } from '@dealership/server-http';
import { OpenApiModule } from '@dealership/server-openapi';
import { PaymentModule } from '@dealership/server-payment';
import { SeedModule } from '@dealership/seed';
import { SiteModule } from '@dealership/server-site';
import { SettingModule } from '@dealership/setting-server';
import { TestimonialModule } from '@dealership/testimonial-server';
import { TradeInOfferModule } from '@dealership/trade-in-offer-server';
import { UserModule } from '@dealership/user-server';
import { VehicleImportModule } from '@dealership/vehicle-import-server';
import { type DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from './health.module';
import { StaffEventsModule } from './staff-events/staff-events.module';

/** The configuration, available to every module. */
@Module({})
class ConfigModule {
  static forValue(config: AppConfig): DynamicModule {
    return { module: ConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** Everything the server serves: infrastructure, the feature modules, health, and the composed tRPC router. */
@Module({})
export class ApiModule {
  /** `database`: an already open database (tests); otherwise DbModule opens the configured one. */
  static forRoot(config: AppConfig, database?: DatabaseHandle): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forValue(config),
        database ? DbModule.forHandle(database) : DbModule.forRoot(),
        AuthModule,
        PaymentModule,
        SiteModule,
        CspSourcesModule,
        MediaModule,
        UserModule,
        CarModule,
        // The stock as Meta's ads catalogue, at /feeds/meta-vehicles.csv (one of create-app's unprefixed routes).
        MetaVehicleFeedModule,
        BrandModule,
        OrderModule,
        AuditModule,
        LeadModule,
        SettingModule,
        TestimonialModule,
        MessageModule,
        ContentModule,
        AlertModule,
        InspectionModule,
        VehicleImportModule,
        TradeInOfferModule,
        SeedModule,
        HealthModule,
        StaffEventsModule,
        // Last: the REST contract of every module above (`/api/openapi.json`, `/api/docs`).
        OpenApiModule,
      ],
      providers: [AppRouterFactory, BackupRouter],
    };
  }
}
