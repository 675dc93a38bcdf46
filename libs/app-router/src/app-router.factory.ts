import { AlertRouter } from '@dealership/alert-server';
import { AuditRouter } from '@dealership/audit-server';
import { BrandRouter } from '@dealership/brand-server';
import { CarRouter } from '@dealership/car-server';
import { ContentRouter } from '@dealership/content-server';
import { InspectionRouter } from '@dealership/inspection-server';
import { LeadRouter } from '@dealership/lead-server';
import { MessageRouter } from '@dealership/message-server';
import { OrderRouter } from '@dealership/order-server';
import { BackupRouter, router } from '@dealership/server-trpc';
import { SettingRouter } from '@dealership/setting-server';
import { TestimonialRouter } from '@dealership/testimonial-server';
import { TradeInOfferRouter } from '@dealership/trade-in-offer-server';
import { StaffRouter, UserRouter } from '@dealership/user-server';
import { VehicleImportRouter } from '@dealership/vehicle-import-server';
import { Injectable } from '@nestjs/common';

/** Composes the feature routers (and the infrastructure's backup status) into the one tRPC router the web app is typed from. */
@Injectable()
export class AppRouterFactory {
  constructor(
    private readonly car: CarRouter,
    private readonly brand: BrandRouter,
    private readonly order: OrderRouter,
    private readonly user: UserRouter,
    private readonly audit: AuditRouter,
    private readonly lead: LeadRouter,
    private readonly setting: SettingRouter,
    private readonly testimonial: TestimonialRouter,
    private readonly message: MessageRouter,
    private readonly staff: StaffRouter,
    private readonly content: ContentRouter,
    private readonly alert: AlertRouter,
    private readonly backup: BackupRouter,
    private readonly inspection: InspectionRouter,
    private readonly vehicleImport: VehicleImportRouter,
    private readonly tradeInOffer: TradeInOfferRouter,
  ) {}

  create() {
    return router({
      car: this.car.router,
      brand: this.brand.router,
      order: this.order.router,
      user: this.user.router,
      audit: this.audit.router,
      lead: this.lead.router,
      setting: this.setting.router,
      testimonial: this.testimonial.router,
      message: this.message.router,
      staff: this.staff.router,
      content: this.content.router,
      alert: this.alert.router,
      backup: this.backup.router,
      inspection: this.inspection.router,
      vehicleImport: this.vehicleImport.router,
      tradeInOffer: this.tradeInOffer.router,
    });
  }
}

/** The API's type: the web client imports it with `import type` only. */
export type AppRouter = ReturnType<AppRouterFactory['create']>;
