import {
  CarBySlugInputSchema,
  CarCostAddInputSchema,
  CarCostRemoveInputSchema,
  CarCostsInputSchema,
  CarCostUpdateInputSchema,
  AgedStockAlertInputSchema,
  CarCompareInputSchema,
  CarCreateWithDraftInputSchema,
  CarDraftDismissInputSchema,
  CarLandingInputSchema,
  CarListInputSchema,
  CarManageInputSchema,
  CarModelsInputSchema,
  CarPriceHistoryInputSchema,
  CarRelatedInputSchema,
  CarRemoveImageInputSchema,
  CarRemoveInputSchema,
  CarSetSpinInputSchema,
  CarSpinInputSchema,
  CarUpdateInputSchema,
} from '@dealership/car-schemas';
import { adminProcedure, ownerProcedure, publicProcedure, router } from '@dealership/server-trpc';
import { Injectable } from '@nestjs/common';
import { CarService } from './car.service';
import { CarViews } from './car-views';
import { CarLandingService } from './car-landing.service';
import { CarSpinService } from './car-spin.service';
import { CarCostService } from './car-cost.service';
import { AgedStockAlerts } from './aged-stock.service';
import { CarDraftService } from './car-draft.service';

@Injectable()
export class CarRouter {
  readonly router;

  // Built in the constructor: a field initializer could not use the injected service (TS2729).
  constructor(cars: CarService, views: CarViews, landings: CarLandingService, spins: CarSpinService, costs: CarCostService, aged: AgedStockAlerts, drafts: CarDraftService) {
    this.router = router({
      list: publicProcedure.input(CarListInputSchema).query(({ input }) => cars.list(input)),
      /** The models of a brand's listed cars, with their counts (the /cars model filter, the model landing pages). */
      models: publicProcedure.input(CarModelsInputSchema).query(({ input }) => cars.models(input.brand)),
      /** A landing page's figures (/cars/body/suv, /cars/under/1-million, /cars/new, /cars/toyota/vitz); NOT_FOUND for an unknown one. */
      landing: publicProcedure.input(CarLandingInputSchema).query(({ input }) => landings.landing(input)),
      latest: publicProcedure.query(() => cars.latest()),
      featured: publicProcedure.query(() => cars.featured()),
      bySlug: publicProcedure.input(CarBySlugInputSchema).query(async ({ input, ctx }) => {
        const car = await cars.bySlug(input.slug);
        views.record(car.id, ctx);
        return car;
      }),
      /** /compare: the cars of these slugs that exist, in the order asked (sold ones too, marked). */
      compare: publicProcedure.input(CarCompareInputSchema).query(({ input }) => cars.bySlugs(input.slugs)),
      /** /cars' "Recently sold" strip (their pages stay, marked Sold). */
      recentlySold: publicProcedure.query(() => cars.recentlySold()),
      related: publicProcedure.input(CarRelatedInputSchema).query(({ input }) => cars.related(input.carId, input.brandId)),
      /** A car as staff read it, with its whole chassis number (the back office's edit form). */
      forStaff: adminProcedure.input(CarBySlugInputSchema).query(({ input }) => cars.forStaff({ slug: input.slug })),
      manage: adminProcedure.input(CarManageInputSchema).query(({ input }) => cars.manage(input)),
      stats: adminProcedure.query(() => cars.stats()),
      /** Every change of a car's price (when, from, to, who), the latest first. */
      priceHistory: adminProcedure.input(CarPriceHistoryInputSchema).query(({ input }) => cars.priceHistory(input.carId)),
      /** The owner's stock age report. */
      stockAge: ownerProcedure.query(() => cars.stockAge()),
      /** The owner's most viewed cars this month, with their leads. */
      mostViewed: ownerProcedure.query(() => cars.mostViewed()),
      /** A new car; listing a trade-in when `fromDraftId` names one ("Trade-ins to list"). */
      create: adminProcedure.input(CarCreateWithDraftInputSchema).mutation(({ input, ctx }) => drafts.create(input, ctx.user)),
      /** The traded cars of delivered orders waiting to be listed (no purchase figure: sales list them too). */
      drafts: adminProcedure.query(() => drafts.open()),
      dismissDraft: adminProcedure.input(CarDraftDismissInputSchema).mutation(({ input, ctx }) => drafts.dismiss(input.id, ctx.user)),
      update: adminProcedure.input(CarUpdateInputSchema).mutation(({ input, ctx }) => cars.update(input, ctx.user)),
      remove: adminProcedure.input(CarRemoveInputSchema).mutation(async ({ input, ctx }) => {
        await cars.remove(input.id, ctx.user);
        return { id: input.id };
      }),
      removeImage: adminProcedure.input(CarRemoveImageInputSchema).mutation(({ input, ctx }) => cars.removeImage(input.carId, input.publicId, ctx.user)),
      /** A car's 360-degree view: its frames in turning order (none without one). */
      spin: publicProcedure.input(CarSpinInputSchema).query(({ input }) => spins.spin(input.carId)),
      /** Staff set a car's spin set (24-72 uploaded frames, in order), replacing any before. */
      setSpin: adminProcedure.input(CarSetSpinInputSchema).mutation(({ input, ctx }) => spins.set(input.carId, input.frames, ctx.user)),
      clearSpin: adminProcedure.input(CarSpinInputSchema).mutation(({ input, ctx }) => spins.clear(input.carId, ctx.user)),
      /** Owners only: what a car cost, line by line, with the total and the margin at its asking price. */
      costs: ownerProcedure.input(CarCostsInputSchema).query(({ input }) => costs.forCar(input.carId)),
      addCost: ownerProcedure.input(CarCostAddInputSchema).mutation(({ input, ctx }) => costs.add(input.carId, input.cost, ctx.user)),
      updateCost: ownerProcedure.input(CarCostUpdateInputSchema).mutation(({ input, ctx }) => costs.update(input.id, input.cost, ctx.user)),
      removeCost: ownerProcedure.input(CarCostRemoveInputSchema).mutation(({ input, ctx }) => costs.remove(input.id, ctx.user)),
      /** The owner's own aged-stock alert (a weekly email of the cars in stock past so many days). */
      agedStockAlert: ownerProcedure.query(({ ctx }) => aged.mine(ctx.user.id)),
      setAgedStockAlert: ownerProcedure.input(AgedStockAlertInputSchema).mutation(({ input, ctx }) => aged.set(ctx.user.id, input.days)),
    });
  }
}
