import { BODY_TYPES, CAR_STATUSES, CONDITIONS, DRIVES, FUEL_TYPES, TRANSMISSIONS } from '@dealership/car-model';
import { pgEnum } from 'drizzle-orm/pg-core';

// Database enums take their values from the shared contracts: one source per list.
export const fuelTypeEnum = pgEnum('fuel_type', FUEL_TYPES);
export const transmissionEnum = pgEnum('transmission', TRANSMISSIONS);
export const driveEnum = pgEnum('drive', DRIVES);
export const bodyTypeEnum = pgEnum('body_type', BODY_TYPES);
export const conditionEnum = pgEnum('car_condition', CONDITIONS);
export const carStatusEnum = pgEnum('car_status', CAR_STATUSES);
