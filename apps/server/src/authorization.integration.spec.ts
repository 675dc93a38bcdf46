import { defaultSiteContent, siteContentFields } from '@dealership/content-schemas';
import { inspectionChecklists } from '@dealership/inspection-data';
import type { Access } from '@dealership/server-auth';
import { DEFAULT_DUTY_RATES, DEFAULT_FINANCE_SETTINGS, DEFAULT_RESERVATION_RULES } from '@dealership/setting-schemas';
import { nairobiDate } from '@dealership/shared-util';
import { insertBrand, insertCar, insertOrder, insertUser } from '@dealership/app-schema/testing';
import { brandImages } from '@dealership/brand-data';
import { carCosts } from '@dealership/car-data';
import { leads } from '@dealership/lead-data';
import { outboxMessages } from '@dealership/message-data';
import { mpesaPayments, orders } from '@dealership/order-data';
import { type Database, type DatabaseHandle, DB } from '@dealership/server-db';
import { createTestDatabase } from '@dealership/server-db/testing';
import { settings } from '@dealership/setting-data';
import { testimonials } from '@dealership/testimonial-data';
import { users } from '@dealership/user-data';
import { locateFfmpeg } from '@dealership/media-server';
import { type BraintreeStub, startBraintreeStub } from '@dealership/server-payment/testing';
import { type DarajaStub, startDarajaStub } from '@dealership/shared-provider-stubs';
import { vehicleImports } from '@dealership/vehicle-import-data';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createApp } from './create-app';
import { declaredProcedures, declaredRestRoutes, urlOfRoute } from './testing/declared-routes';
import { restContractOptions } from './testing/rest-contract';
import { wholeServerTestConfig } from './testing/test-config';

/*
 * The authorization matrix: every protected REST path and tRPC procedure, called by a guest, a
 * customer and an admin (tokens sent bare and as Bearer). A new protected endpoint gets a row
 * here; a new public one goes in the public lists. The completeness tests fail for an endpoint
 * that is in neither, so nothing joins the API unclassified.
 */

/**
 * What the rows may use: an order to change, each signed-in actor's current profile, a car and a
 * brand to change, and pools of cars, brands and pictures that deleting rows take one of per call.
 */
interface Fixtures {
  orderId: string;
  brandId: string;
  carId: string;
  /** The same car's slug. */
  carSlug: string;
  spare: { cars: string[]; brands: string[]; carImages: string[]; brandImages: string[]; orderCars: string[]; staff: string[] };
  /** The salesperson's account (a role change that changes nothing). */
  salesId: string;
  profile: Record<SignedIn, { name: string; email: string; password: string; phone: string; address: string }>;
  lead: { id: string; spare: string[] };
  setting: { id: string; spare: string[] };
  testimonial: { id: string; spare: string[] };
  message: { id: string; spare: string[] };
  /** Each signed-in user's reservation with a deposit due, and an M-Pesa request of theirs. */
  deposit: Record<SignedIn, { orderId: string; paymentId: string }>;
  /** The checklist version the migration seeds. */
  checklistId: string;
  vehicleImport: { id: string };
  /** A car's cost lines (owners only): one to correct, spares to remove. */
  carCost: { id: string; spare: string[] };
}
/** Who signs in: a buyer, the configured admin (an owner), and a salesperson (staff, not an owner). */
type SignedIn = 'customer' | 'admin' | 'sales';

interface RestRow {
  /** The route as Nest declares it: method and path without the /api prefix. */
  route: string;
  access: Exclude<Access, 'public'>;
  /** The URL to call, when the path has parameters. */
  url?: (f: Fixtures) => string;
  body?: (f: Fixtures, who: SignedIn) => unknown;
  /** An auth check: public to the guard, it judges the token itself and answers `{ok}`. */
  gate?: true;
  /** The call ends sessions (logout): each signed-in actor calls with a fresh login's token. */
  ownSession?: true;
  /** A body that is not JSON (a multipart upload), with its content type. */
  rawBody?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** What an allowed call answers, when not 200 (201 for an upload). */
  okStatus?: number;
  /** An answer that never ends by itself (server-sent events): its status and first bytes are read, then it is closed. */
  stream?: true;
}

interface TrpcRow {
  path: string;
  type: 'query' | 'mutation';
  access: Exclude<Access, 'public'>;
  input?: (f: Fixtures, who: SignedIn) => unknown;
  /** The call ends sessions (logout): each signed-in actor calls with a fresh login's token. */
  ownSession?: true;
  /** What an allowed call answers when not 200: past the guard, the input itself is refused (a code only the actor's phone knows). */
  allowed?: { status: number; code: string };
}

const REST_ROWS: RestRow[] = [
  { route: 'GET user/user-auth', access: 'user', gate: true },
  { route: 'GET user/admin-auth', access: 'admin', gate: true },
  { route: 'PUT user/profileUpdate', access: 'user', body: (f, who) => f.profile[who] },
  { route: 'POST user/logout', access: 'user', ownSession: true },
  { route: 'GET user/orders', access: 'user' },
  { route: 'POST user/create-order', access: 'user', body: (f) => ({ cart: [take(f.spare.orderCars)] }), okStatus: 201 },
  { route: 'GET car/braintree/token', access: 'user' },
  { route: 'POST car/braintree/payment', access: 'user', body: (f) => ({ nonce: 'fake-valid-nonce', cart: [take(f.spare.orderCars)] }) },
  { route: 'GET user/allOrders', access: 'admin' },
  { route: 'PUT user/orderStatus/:orderId', access: 'admin', url: (f) => `/api/user/orderStatus/${f.orderId}`, body: () => ({ status: 'Processing' }) },
  { route: 'POST media/upload', access: 'admin', rawBody: uploadBody, okStatus: 201 },
  { route: 'POST inspection-certificates', access: 'admin', rawBody: uploadBody, okStatus: 201 },
  {
    route: 'POST imports/:id/documents',
    access: 'admin',
    url: (f) => `/api/imports/${f.vehicleImport.id}/documents?title=Bill%20of%20lading&shared=true`,
    rawBody: uploadBody,
    okStatus: 201,
  },
  // A car's 360-degree frames from a walk-around video (libs/media/server): ffmpeg takes 24 from a second of test pattern.
  { route: 'POST media/spin-video', access: 'admin', url: () => '/api/media/spin-video?frames=24', rawBody: spinVideoBody, okStatus: 201 },
  { route: 'GET media/spin-video', access: 'admin' },
  { route: 'DELETE car/delete-image', access: 'admin', url: () => '/api/car/delete-image?image=documents/never-uploaded-0a1b2c3d4e' },
  { route: 'POST car/create-car', access: 'admin', body: (f) => legacyCar(f), okStatus: 201 },
  { route: 'PUT car/update-car/:id', access: 'admin', url: (f) => `/api/car/update-car/${f.carId}`, body: () => ({ price: '700000' }) },
  { route: 'DELETE car/delete-car/:id', access: 'admin', url: (f) => `/api/car/delete-car/${take(f.spare.cars)}` },
  { route: 'DELETE car/delete-image/:carId', access: 'admin', url: (f) => `/api/car/delete-image/${f.carId}?image=${take(f.spare.carImages)}` },
  { route: 'POST brand/create-brand', access: 'admin', body: () => ({ name: nextBrandName(), documents: [legacyPicture('matrix-logo')] }), okStatus: 201 },
  { route: 'PUT brand/update-brand/:brandId', access: 'admin', url: (f) => `/api/brand/update-brand/${f.brandId}`, body: () => ({ name: 'Toyota' }) },
  {
    route: 'DELETE brand/delete-brand-image/:brandId',
    access: 'admin',
    url: (f) => `/api/brand/delete-brand-image/${f.brandId}?image=${take(f.spare.brandImages)}`,
  },
  { route: 'DELETE brand/delete-brand/:brandId', access: 'admin', url: (f) => `/api/brand/delete-brand/${take(f.spare.brands)}` },
  { route: 'GET leads/export.csv', access: 'owner' },
  // The back office's live feed (staff-events/): two admin actors hold a stream each, within the per-account limit.
  { route: 'GET staff/events', access: 'admin', stream: true },
];

const TRPC_ROWS: TrpcRow[] = [
  { path: 'user.me', type: 'query', access: 'user' },
  { path: 'user.updateProfile', type: 'mutation', access: 'user', input: (f, who) => f.profile[who] },
  { path: 'user.exportMyData', type: 'query', access: 'user' },
  // A wrong password (the actor's own would delete the account the next rows sign in with): refused past the guard (400), never 401 or 403.
  {
    path: 'user.deleteAccount',
    type: 'mutation',
    access: 'user',
    input: () => ({ password: 'not-the-password' }),
    allowed: { status: 400, code: 'BAD_REQUEST' },
  },
  { path: 'user.logout', type: 'mutation', access: 'user', ownSession: true },
  { path: 'user.logoutAll', type: 'mutation', access: 'user', ownSession: true },
  { path: 'user.resendVerification', type: 'mutation', access: 'user' },
  { path: 'user.twoFactorStatus', type: 'query', access: 'user' },
  { path: 'user.textMessages', type: 'query', access: 'user' },
  // This server sends no SMS: past the guard, the code is refused (400), never 401 or 403.
  { path: 'user.sendPhoneCode', type: 'mutation', access: 'user', allowed: { status: 400, code: 'BAD_REQUEST' } },
  { path: 'user.verifyPhone', type: 'mutation', access: 'user', input: () => ({ code: '000000' }), allowed: { status: 400, code: 'BAD_REQUEST' } },
  { path: 'user.setTextChannel', type: 'mutation', access: 'user', input: () => ({ channel: 'sms' }) },
  { path: 'user.twoFactorSetup', type: 'mutation', access: 'admin' },
  // A wrong first code: the staff member's own phone knows the right one. Refused past the guard (400), never 401 or 403.
  { path: 'user.twoFactorEnable', type: 'mutation', access: 'admin', input: () => ({ code: '000000' }), allowed: { status: 400, code: 'BAD_REQUEST' } },
  { path: 'order.mine', type: 'query', access: 'user' },
  { path: 'order.clientToken', type: 'query', access: 'user' },
  { path: 'order.place', type: 'mutation', access: 'user', input: (f) => ({ carIds: [take(f.spare.orderCars)], payment: { method: 'reservation' } }) },
  // M-Pesa on, against a Daraja stub: each signed-in user asks for their own reservation's deposit (a second call gets the waiting request).
  { path: 'order.payDeposit', type: 'mutation', access: 'user', input: (f, who) => ({ orderId: f.deposit[who].orderId, phone: '0712345678' }) },
  { path: 'order.mpesaPayment', type: 'query', access: 'user', input: (f, who) => ({ paymentId: f.deposit[who].paymentId }) },
  { path: 'order.all', type: 'query', access: 'admin', input: () => ({ status: 'Not Process', search: 'amina', page: 1 }) },
  { path: 'order.stats', type: 'query', access: 'admin' },
  { path: 'order.setStatus', type: 'mutation', access: 'admin', input: (f) => ({ orderId: f.orderId, status: 'Shipped' }) },
  { path: 'car.manage', type: 'query', access: 'admin', input: (f) => ({ search: 'toyota', brandId: f.brandId, status: 'Available', featured: false }) },
  { path: 'car.stats', type: 'query', access: 'admin' },
  { path: 'car.priceHistory', type: 'query', access: 'admin', input: (f) => ({ carId: f.carId }) },
  { path: 'car.forStaff', type: 'query', access: 'admin', input: (f) => ({ slug: f.carSlug }) },
  { path: 'car.create', type: 'mutation', access: 'admin', input: (f) => carInput(f) },
  { path: 'car.update', type: 'mutation', access: 'admin', input: (f) => ({ id: f.carId, price: 710_000 }) },
  { path: 'car.remove', type: 'mutation', access: 'admin', input: (f) => ({ id: take(f.spare.cars) }) },
  { path: 'car.removeImage', type: 'mutation', access: 'admin', input: (f) => ({ carId: f.carId, publicId: take(f.spare.carImages) }) },
  // A 360-degree view (issue 44): 24 frames of our store, each call's own (a set replaces the one before).
  { path: 'car.setSpin', type: 'mutation', access: 'admin', input: (f) => ({ carId: f.carId, frames: Array.from({ length: 24 }, () => nextPicture('matrix-frame')) }) },
  { path: 'car.clearSpin', type: 'mutation', access: 'admin', input: (f) => ({ carId: f.carId }) },
  // What a car cost (issue 46): owners only, a salesperson refused like a buyer.
  { path: 'car.costs', type: 'query', access: 'owner', input: (f) => ({ carId: f.carId }) },
  { path: 'car.addCost', type: 'mutation', access: 'owner', input: (f) => ({ carId: f.carId, cost: { kind: 'parts', amount: 4_500, supplier: 'Matrix Motors' } }) },
  { path: 'car.updateCost', type: 'mutation', access: 'owner', input: (f) => ({ id: f.carCost.id, cost: { kind: 'freight', amount: 150_000 } }) },
  { path: 'car.removeCost', type: 'mutation', access: 'owner', input: (f) => ({ id: take(f.carCost.spare) }) },
  { path: 'car.agedStockAlert', type: 'query', access: 'owner' },
  // Trade-ins to list (issue 46): staff, sales too (no purchase figure in them); listing one is car.create's `fromDraftId`.
  { path: 'car.drafts', type: 'query', access: 'admin' },
  {
    path: 'car.dismissDraft',
    type: 'mutation',
    access: 'admin',
    input: () => ({ id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }),
    allowed: { status: 409, code: 'CONFLICT' },
  },
  { path: 'car.setAgedStockAlert', type: 'mutation', access: 'owner', input: () => ({ days: 75 }) },
  { path: 'brand.create', type: 'mutation', access: 'admin', input: () => ({ name: nextBrandName(), images: [nextPicture('matrix-logo')] }) },
  { path: 'brand.update', type: 'mutation', access: 'admin', input: (f) => ({ id: f.brandId, description: 'Reliable.' }) },
  { path: 'brand.remove', type: 'mutation', access: 'admin', input: (f) => ({ id: take(f.spare.brands) }) },
  { path: 'brand.removeImage', type: 'mutation', access: 'admin', input: (f) => ({ brandId: f.brandId, publicId: take(f.spare.brandImages) }) },
  { path: 'audit.list', type: 'query', access: 'owner', input: () => ({ page: 1 }) },
  { path: 'lead.list', type: 'query', access: 'admin', input: () => ({ page: 1 }) },
  { path: 'lead.setStatus', type: 'mutation', access: 'admin', input: (f) => ({ id: f.lead.id, status: 'Contacted', note: 'Called back' }) },
  { path: 'lead.timeline', type: 'query', access: 'admin', input: (f) => ({ id: f.lead.id }) },
  { path: 'lead.addNote', type: 'mutation', access: 'admin', input: (f) => ({ id: f.lead.id, body: 'Matrix note' }) },
  { path: 'lead.logContact', type: 'mutation', access: 'admin', input: (f) => ({ id: f.lead.id, channel: 'call' }) },
  { path: 'lead.whatsapp', type: 'query', access: 'admin', input: (f) => ({ id: f.lead.id }) },
  // The matrix's server has no WhatsApp settings: past the guard, a reply is refused as not set up.
  { path: 'lead.whatsappReply', type: 'mutation', access: 'admin', input: (f) => ({ id: f.lead.id, text: 'Yes, it is available' }), allowed: { status: 400, code: 'BAD_REQUEST' } },
  { path: 'lead.setFollowUp', type: 'mutation', access: 'admin', input: (f) => ({ id: f.lead.id, on: null }) },
  { path: 'lead.assignees', type: 'query', access: 'admin' },
  { path: 'lead.assign', type: 'mutation', access: 'owner', input: (f) => ({ id: f.lead.id, assigneeId: f.salesId }) },
  { path: 'lead.mine', type: 'query', access: 'user' },
  { path: 'lead.report', type: 'query', access: 'owner' },
  { path: 'order.report', type: 'query', access: 'owner' },
  { path: 'car.stockAge', type: 'query', access: 'owner' },
  { path: 'car.mostViewed', type: 'query', access: 'owner' },
  { path: 'user.setAway', type: 'mutation', access: 'admin', input: () => ({ away: false }) },
  { path: 'staff.setAway', type: 'mutation', access: 'owner', input: (f) => ({ userId: f.salesId, away: false }) },
  { path: 'staff.list', type: 'query', access: 'owner' },
  {
    path: 'staff.invite',
    type: 'mutation',
    access: 'owner',
    input: () => ({ name: 'Invited Person', email: `invited-${++invites}@dealer.test`, staffRole: 'sales' }),
  },
  { path: 'staff.setRole', type: 'mutation', access: 'owner', input: (f) => ({ userId: f.salesId, staffRole: 'sales' }) },
  { path: 'staff.deactivate', type: 'mutation', access: 'owner', input: (f) => ({ userId: take(f.spare.staff) }) },
  { path: 'staff.resetTwoFactor', type: 'mutation', access: 'owner', input: (f) => ({ userId: f.spare.staff[0] }) },
  { path: 'staff.twoFactorRequired', type: 'query', access: 'owner' },
  { path: 'staff.requireTwoFactor', type: 'mutation', access: 'owner', input: () => ({ required: false }) },
  { path: 'staff.reactivate', type: 'mutation', access: 'owner', input: (f) => ({ userId: f.spare.staff[f.spare.staff.length - 1] }) },
  { path: 'setting.list', type: 'query', access: 'owner', input: () => ({ page: 1 }) },
  { path: 'setting.byId', type: 'query', access: 'owner', input: (f) => ({ id: f.setting.id }) },
  { path: 'setting.create', type: 'mutation', access: 'owner', input: () => ({ ...matrixRates(), effectiveFrom: nextRateDate() }) },
  { path: 'setting.update', type: 'mutation', access: 'owner', input: (f) => ({ id: f.setting.id, note: 'Matrix correction' }) },
  { path: 'setting.remove', type: 'mutation', access: 'owner', input: (f) => ({ id: take(f.setting.spare) }) },
  { path: 'backup.status', type: 'query', access: 'owner' },
  { path: 'testimonial.manage', type: 'query', access: 'admin', input: () => ({}) },
  { path: 'testimonial.create', type: 'mutation', access: 'admin', input: () => ({ name: 'Matrix Testimonial', quote: 'Good dealer.' }) },
  { path: 'testimonial.update', type: 'mutation', access: 'admin', input: (f) => ({ id: f.testimonial.id, name: 'Matrix Testimonial, renamed' }) },
  { path: 'testimonial.remove', type: 'mutation', access: 'admin', input: (f) => ({ id: take(f.testimonial.spare) }) },
  { path: 'message.list', type: 'query', access: 'admin', input: () => ({ page: 1 }) },
  { path: 'message.resend', type: 'mutation', access: 'admin', input: (f) => ({ id: take(f.message.spare) }) },
  { path: 'content.update', type: 'mutation', access: 'owner', input: () => matrixSiteContent() },
  { path: 'alert.mine', type: 'query', access: 'user' },
  // Only the caller's own alert is removed: another's (here nobody's) is not found, past the guard.
  { path: 'alert.remove', type: 'mutation', access: 'user', input: () => ({ id: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }), allowed: { status: 404, code: 'NOT_FOUND' } },
  { path: 'inspection.cars', type: 'query', access: 'admin' },
  { path: 'inspection.byCar', type: 'query', access: 'admin', input: (f) => ({ carId: f.carId }) },
  { path: 'inspection.checklists', type: 'query', access: 'admin' },
  { path: 'inspection.checklistInForce', type: 'query', access: 'admin', input: () => ({ on: '2026-06-01' }) },
  { path: 'inspection.createChecklist', type: 'mutation', access: 'owner', input: () => ({ effectiveFrom: nextRateDate(), areas: [{ name: 'Engine', points: ['Starts'] }] }) },
  {
    path: 'inspection.record',
    type: 'mutation',
    access: 'admin',
    input: (f) => ({ carId: f.carId, checklistId: f.checklistId, inspectedOn: '2026-06-01', inspector: 'Matrix', odometerKm: 50_000 }),
  },
  { path: 'vehicleImport.board', type: 'query', access: 'admin', input: () => ({}) },
  { path: 'vehicleImport.byId', type: 'query', access: 'admin', input: (f) => ({ id: f.vehicleImport.id }) },
  { path: 'vehicleImport.forLead', type: 'query', access: 'admin', input: () => ({ leadId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }) },
  { path: 'vehicleImport.open', type: 'mutation', access: 'admin', input: () => matrixImport() },
  // Sales may record milestones: the first call records Bought, the next ones correct it.
  {
    path: 'vehicleImport.recordMilestone',
    type: 'mutation',
    access: 'admin',
    input: (f) => ({ importId: f.vehicleImport.id, milestone: 'bought', occurredOn: '2026-11-02', fields: {} }),
  },
  {
    path: 'vehicleImport.recordPayment',
    type: 'mutation',
    access: 'admin',
    input: (f) => ({ importId: f.vehicleImport.id, amountKes: 1_000, method: 'mpesa', reference: 'QK12MATRIX', receivedOn: '2026-11-02' }),
  },
  // A paper no import has: past the guard, the service answers 404.
  {
    path: 'vehicleImport.shareDocument',
    type: 'mutation',
    access: 'admin',
    input: () => ({ documentId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50', sharedWithBuyer: true }),
    allowed: { status: 404, code: 'NOT_FOUND' },
  },
  { path: 'vehicleImport.removeDocument', type: 'mutation', access: 'admin', input: () => ({ documentId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }), allowed: { status: 404, code: 'NOT_FOUND' } },
  // Only owners change what the buyer pays.
  { path: 'vehicleImport.costsForChassis', type: 'query', access: 'owner', input: () => ({ chassisNumber: 'NZE161-3012345' }) },
  { path: 'vehicleImport.setPrice', type: 'mutation', access: 'owner', input: (f) => ({ importId: f.vehicleImport.id, agreedPriceKes: 2_000_000, depositKes: 500_000 }) },
  { path: 'vehicleImport.mine', type: 'query', access: 'user' },
  { path: 'tradeInOffer.make', type: 'mutation', access: 'admin', input: () => matrixOffer() },
  { path: 'tradeInOffer.forLead', type: 'query', access: 'admin', input: () => ({ leadId: '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50' }) },
  // The signed-in buyer's accepted offers, for /cart's trade-in credit (issue 46).
  { path: 'tradeInOffer.mine', type: 'query', access: 'user' },
];

/** A valid trade-in offer to make. */
function matrixOffer() {
  return { buyerName: 'Matrix Buyer', buyerPhone: '0712000998', car: '2015 Toyota Axio, 120,000 km', amountKes: 850_000 };
}

/** A valid import to open: young enough for the eight-year rule. */
function matrixImport() {
  return { buyerName: 'Matrix Buyer', buyerPhone: '0712000999', make: 'Toyota', model: 'Fielder', yearOfManufacture: 2024, yearOfFirstRegistration: 2024, chassisNumber: 'NZE161-3012345', agreedPriceKes: 2_100_000 };
}

/** A whole valid site content, as the admin form sends it. */
function matrixSiteContent() {
  return { ...siteContentFields(defaultSiteContent('+254 711 222 333')), address: 'Nyali, Mombasa' };
}

/** One of a pool: each call of a deleting row deletes something of its own, so every actor's call finds it there. */
function take(pool: string[]): string {
  const item = pool.shift();
  if (!item) throw new Error('fixture pool exhausted: add to it in beforeAll');
  return item;
}

let brandNames = 0;
/** A brand name no call used before (names are unique). */
const nextBrandName = () => `Matrix Brand ${++brandNames}`;
let rateDates = 0;
/** A date no other rate set takes effect on (each set has its own). */
let invites = 0;
const nextRateDate = () => new Date(Date.UTC(2050, 0, 1 + ++rateDates)).toISOString().slice(0, 10);
const matrixRates = () => ({ duty: DEFAULT_DUTY_RATES, finance: DEFAULT_FINANCE_SETTINGS });

let pictures = 0;
/** A picture no car or brand holds yet (a record may not take another's picture). */
const nextPicture = (prefix: string) => {
  const name = `${prefix}-${++pictures}`;
  return { url: `/media/documents/${name}.webp`, publicId: `documents/${name}` };
};
const legacyPicture = (prefix: string) => {
  const { url, publicId } = nextPicture(prefix);
  return JSON.stringify({ url, public_id: publicId });
};

/** A valid new car of the fixture brand (tRPC, domain names). */
const carInput = (f: Fixtures) => ({
  brandId: f.brandId,
  images: [nextPicture('matrix-car')],
  name: 'Matrix Car',
  price: 700_000,
  fuelType: 'Petrol',
  transmission: 'Automatic',
  engineSize: 1300,
  mileage: 60_000,
  year: 2017,
  drive: '2 WD',
  description: 'A car of the authorization matrix.',
  bodyType: 'Sedan',
});

/** The same car as the legacy client's create-car body (legacy names, numbers as text). */
const legacyCar = (f: Fixtures) => ({
  brand: f.brandId,
  documents: [legacyPicture('matrix-car')],
  name: 'Matrix Car',
  price: '700000',
  fuelType: 'Petrol',
  transmission: 'Automatic',
  engineSize: '1300',
  mileage: '60000',
  yom: '2017',
  drive: '2 WD',
  description: 'A car of the authorization matrix.',
  bodyType: 'Sedan',
});

/** Everything anyone may call. Adding to these lists is a decision: the endpoint serves guests. */
const PUBLIC_REST = [
  'GET health',
  'GET health/live',
  'GET health/ready',
  'GET sitemap.xml',
  'GET sitemap-:file',
  'GET robots.txt',
  // The stock as Meta's ads catalogue, which Meta fetches unsigned: what the public car pages show (libs/car/server).
  'GET feeds/meta-vehicles.csv',
  'GET car/getAll-car',
  'GET car/getCarById-car/:slug',
  'GET car/related-car/:carId/:brandId',
  'GET brand/getAll-brand',
  'GET brand/getBrandBtId-brand/:slug',
  'POST user/register',
  'POST user/login',
  // A buyer's photo for a trade-in request: rate-limited per address, swept unless a request takes it (libs/media/server).
  'POST media/lead-photo',
  // A pre-shipment certificate: anyone once an inspection shows it publicly, else staff only, judged by the route (404 to others; libs/inspection/server).
  'GET inspection-certificates/:id',
  // An import's paper: staff with their token, the buyer with their tracking link's, judged by the route (404 to others; libs/vehicle-import/server).
  'GET imports/documents/:documentId',
  // Daraja's callback: it signs nothing; the unguessable token in the path and the CheckoutRequestID it must name are the check (libs/order/server).
  'POST payments/mpesa/callback/:token',
  // Meta's WhatsApp webhook: the handshake's verify token and the deliveries' app-secret signature are the check; 404 while WhatsApp is off (libs/lead/server).
  'GET whatsapp/webhook',
  'POST whatsapp/webhook',
  // The alert digests' one-click unsubscribe (RFC 8058) and its page redirect: the signed token is the check (libs/alert/server).
  'POST alerts/unsubscribe',
  'GET alerts/unsubscribe',
  // The REST contract: the OpenAPI document and its readable page with the page's files (libs/server/openapi).
  'GET openapi.json',
  'GET docs',
  'GET docs/:file',
];
const PUBLIC_TRPC: Record<string, TrpcRow['type']> = {
  'car.list': 'query',
  'car.latest': 'query',
  'car.featured': 'query',
  'car.bySlug': 'query',
  'car.compare': 'query',
  'car.related': 'query',
  'car.models': 'query',
  'car.landing': 'query',
  // The /cars "Recently sold" strip: sold cars' pages are public already.
  'car.recentlySold': 'query',
  // A car's 360-degree frames, as its page shows them.
  'car.spin': 'query',
  'brand.list': 'query',
  'brand.bySlug': 'query',
  'order.statuses': 'query',
  // Prices and Reserved / Sold of catalogue cars, as every car page shows them: /cart totals for guests too.
  'order.quote': 'query',
  // Whether card and M-Pesa payments are configured: what /cart's quote tells anyone.
  'order.paymentOptions': 'query',
  'user.register': 'mutation',
  'user.login': 'mutation',
  // The second step of a sign-in: the signed challenge from the password step is its credential (throttled with logins).
  'user.loginSecondFactor': 'mutation',
  // Emailed account links: the reset request is throttled per email and address and answers the same for any address; the links carry their own secret.
  'user.requestPasswordReset': 'mutation',
  'user.resetPassword': 'mutation',
  'user.verifyEmail': 'mutation',
  // A buyer's request: rate-limited per address and honeypot-checked instead (libs/lead/server).
  'lead.create': 'mutation',
  // The rates the duty estimator and the financing calculator use.
  'setting.current': 'query',
  // A car's inspection report on its page (the certificate only when staff made it public).
  'inspection.report': 'query',
  // A buyer's import tracking page: the signed token in its link is the check (libs/vehicle-import/server).
  'vehicleImport.track': 'query',
  // Paying what is due on that import by M-Pesa, and polling the request: the same signed token (attempts throttled per import).
  'vehicleImport.payByMpesa': 'mutation',
  'vehicleImport.mpesaPayment': 'query',
  // Or by card: the card form's client token and the sale, for the same token (attempts throttled per import).
  'vehicleImport.clientToken': 'query',
  'vehicleImport.payByCard': 'mutation',
  // A buyer's trade-in offer and their answer: the signed token in its link is the check (libs/trade-in-offer/server).
  'tradeInOffer.view': 'query',
  'tradeInOffer.accept': 'mutation',
  'tradeInOffer.decline': 'mutation',
  'testimonial.list': 'query',
  // The FAQ, opening hours and contact details every page shows.
  'content.current': 'query',
  // Buyers' alerts: a sign-up without an account is throttled per address and only sends a confirmation link; the links carry their own signature.
  'alert.saveSearch': 'mutation',
  'alert.watchPrices': 'mutation',
  'alert.confirm': 'mutation',
  'alert.linkInfo': 'query',
  'alert.unsubscribe': 'mutation',
};

/** All of a stream's text. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** A one-file multipart upload of a small PNG, as the admin screens send it. */
async function uploadBody() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const boundary = '----authorization-matrix';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="car.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let spinVideo: Promise<Buffer> | undefined;
/** A one-file multipart upload of a second of ffmpeg's test pattern (30 pictures), made once with the ffmpeg the server finds. */
async function spinVideoBody() {
  spinVideo ??= (async () => {
    const ffmpeg = await locateFfmpeg(undefined);
    if (!ffmpeg) throw new Error('no ffmpeg: npm ci installs the bundled one');
    const folder = mkdtempSync(join(tmpdir(), 'authz-video-'));
    try {
      const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=30', '-pix_fmt', 'yuv420p'];
      await promisify(execFile)(ffmpeg.path, [...args, join(folder, 'walk-around.mp4')]);
      return readFileSync(join(folder, 'walk-around.mp4'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  })();
  const boundary = '----authorization-matrix-video';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="walk-around.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), await spinVideo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const ACTORS = ['guest', 'forged token', 'customer (Bearer)', 'customer (bare)', 'sales (Bearer)', 'sales (bare)', 'admin (Bearer)', 'admin (bare)'] as const;
type Actor = (typeof ACTORS)[number];

/** The expected HTTP status by actor and the endpoint's level. */
const EXPECTED: Record<Actor, Record<RestRow['access'], number>> = {
  guest: { user: 401, admin: 401, owner: 401 },
  'forged token': { user: 401, admin: 401, owner: 401 },
  'customer (Bearer)': { user: 200, admin: 403, owner: 403 },
  'customer (bare)': { user: 200, admin: 403, owner: 403 },
  // A salesperson: the back office's leads, orders and catalogue, not the owner's staff, rates or audit log.
  'sales (Bearer)': { user: 200, admin: 200, owner: 403 },
  'sales (bare)': { user: 200, admin: 200, owner: 403 },
  // The configured admin: an owner.
  'admin (Bearer)': { user: 200, admin: 200, owner: 200 },
  'admin (bare)': { user: 200, admin: 200, owner: 200 },
};

const SECRET = 'authorization-matrix-secret-0123456789-abcdefghij';

describe('authorization matrix (integration: the whole server)', () => {
  let root: string;
  let database: DatabaseHandle;
  let app: NestFastifyApplication;
  let stub: BraintreeStub;
  let daraja: DarajaStub;
  let fixtures: Fixtures;
  let headers: Record<Actor, Record<string, string>>;
  let login: (who: SignedIn) => Promise<{ token: string; user: { _id: string } }>;
  const who = (actor: Actor): SignedIn => (actor.startsWith('admin') ? 'admin' : actor.startsWith('sales') ? 'sales' : 'customer');
  const signedIn = (actor: Actor) => actor.startsWith('admin') || actor.startsWith('sales') || actor.startsWith('customer');
  const withToken = (actor: Actor, token: string) => ({ authorization: actor.endsWith('(bare)') ? token : `Bearer ${token}` });
  /**
   * The headers of a call: a row that ends sessions gets a fresh login's token, and afterwards
   * the actor's shared tokens are renewed (`user.logoutAll` ends them too).
   */
  const callHeaders = async (actor: Actor, ownSession: boolean | undefined) =>
    ownSession && signedIn(actor) ? withToken(actor, (await login(who(actor))).token) : headers[actor];
  const renewSessions = async (actor: Actor, ownSession: boolean | undefined) => {
    if (!ownSession || !signedIn(actor)) return;
    const { token } = await login(who(actor));
    headers[`${who(actor)} (Bearer)`] = withToken('customer (Bearer)', token);
    headers[`${who(actor)} (bare)`] = withToken('customer (bare)', token);
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'authz-'));
    database = await createTestDatabase();
    // Card payments on, against a loopback stub of Braintree: the payment paths answer 200 to whom they allow.
    stub = await startBraintreeStub();
    // M-Pesa on too, against a loopback Daraja stub (its callbacks go nowhere: the prompts stay waiting).
    daraja = await startDarajaStub();
    const mpesaEnv = daraja.envFor('http://127.0.0.1:9');
    const config = wholeServerTestConfig(root, { JWT_SECRET: SECRET, ...stub.env, ...mpesaEnv });
    // Every REST answer below is checked against the served OpenAPI document.
    app = await createApp(config, { database, ...restContractOptions() });

    const customer = { name: 'Amina', email: 'amina@example.co.ke', password: 'amina-password', phone: '0712345678', address: 'Nyali, Mombasa' };
    expect((await app.inject({ method: 'POST', url: '/api/user/register', payload: customer })).statusCode).toBe(201);
    // A salesperson: registered, then made staff with the sales role (the Staff page's invitation does the same).
    const salesperson = { name: 'Salim', email: 'salim@dealer.test', password: 'salim-password', phone: '0722000111', address: 'Mombasa' };
    expect((await app.inject({ method: 'POST', url: '/api/user/register', payload: salesperson })).statusCode).toBe(201);
    await app.get<Database>(DB).update(users).set({ role: 1, staffRole: 'sales' }).where(eq(users.email, salesperson.email));
    const credentials: Record<SignedIn, { email: string; password: string }> = {
      customer: { email: customer.email, password: customer.password },
      sales: { email: salesperson.email, password: salesperson.password },
      admin: { email: 'boss@dealer.test', password: 'correct-horse-battery' },
    };
    login = async (signedInAs: SignedIn) => {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: credentials[signedInAs] });
      expect(res.statusCode).toBe(200);
      return res.json() as { token: string; user: { _id: string } };
    };
    const customerSession = await login('customer');
    const adminSession = await login('admin');
    const salesSession = await login('sales');
    const forged = new JwtService({ secret: 'not-the-server-secret-but-just-as-long-000000' }).sign({ sub: adminSession.user._id });
    headers = {
      guest: {},
      'forged token': { authorization: `Bearer ${forged}` },
      'customer (Bearer)': { authorization: `Bearer ${customerSession.token}` },
      'customer (bare)': { authorization: customerSession.token },
      'sales (Bearer)': { authorization: `Bearer ${salesSession.token}` },
      'sales (bare)': { authorization: salesSession.token },
      'admin (Bearer)': { authorization: `Bearer ${adminSession.token}` },
      'admin (bare)': { authorization: adminSession.token },
    };
    const db = app.get<Database>(DB);
    const order = await insertOrder(db, { buyerId: customerSession.user._id, lines: [{ name: 'Toyota Vitz', price: 650_000 }] });
    const depositDue = async (buyerId: string) => {
      const reservation = await insertOrder(db, {
        buyerId,
        paymentMethod: 'reservation',
        paymentSuccess: false,
        payment: { provider: 'reservation' },
        lines: [{ name: 'Toyota Axio', price: 1_100_000 }],
      });
      await db.update(orders).set({ deposit: 50_000 }).where(eq(orders.id, reservation.id));
      const [request] = await db
        .insert(mpesaPayments)
        .values({ orderId: reservation.id, amount: 50_000, phone: '+254712345678', callbackTokenHash: `matrix-${buyerId}`, state: 'failed' })
        .returning({ id: mpesaPayments.id });
      return { orderId: reservation.id, paymentId: request.id };
    };
    const deposit = {
      customer: await depositDue(customerSession.user._id),
      admin: await depositDue(adminSession.user._id),
      sales: await depositDue(salesSession.user._id),
    };
    // Pools of what deleting rows delete: 8 actors call each row (each takes one), and two rows (REST and tRPC) take from each pool.
    const brand = await insertBrand(db, { name: 'Toyota' });
    const car = await insertCar(db, { name: 'Toyota Vitz', brandId: brand.id }, 16);
    const logos = Array.from({ length: 16 }, (_, i) => ({
      brandId: brand.id,
      url: `/media/brands/toyota-${i}.webp`,
      publicId: `brands/toyota-${i}`,
      position: i + 1,
    }));
    await db.insert(brandImages).values(logos);
    const spareCars = await Promise.all(Array.from({ length: 16 }, (_, i) => insertCar(db, { name: `Spare Car ${i}`, brandId: brand.id }, 0)));
    // Staff accounts the staff.deactivate row deactivates, one per call.
    const spareStaff = await Promise.all(Array.from({ length: 9 }, (_, i) => insertUser(db, { name: `Spare Staff ${i}`, role: 1, staffRole: 'sales' })));
    const spareBrands = await Promise.all(Array.from({ length: 16 }, (_, i) => insertBrand(db, { name: `Spare Brand ${i}` })));
    // Three ordering rows (create-order, braintree/payment, order.place), 8 actors each: a car per call.
    const orderCars = await Promise.all(
      Array.from({ length: 24 }, (_, i) => insertCar(db, { name: `Order Car ${i}`, brandId: brand.id, price: 500_000 + i }, 1)),
    );
    // Records of leads for the lead.* rows: the first to read and change.
    const leadIds = (
      await db
        .insert(leads)
        .values(Array.from({ length: 2 }, (_, i) => ({ name: `Matrix Lead ${i}`, phone: '+254712345678', message: 'Matrix question' })))
        .returning({ id: leads.id })
    ).map((row) => row.id);
    // Records of settings for the setting.* rows: the first to read and change, the others for the deleting row.
    const settingIds = (
      await db
        .insert(settings)
        .values(Array.from({ length: 9 }, (_, i) => ({ ...matrixRates(), effectiveFrom: `2040-01-${String(i + 1).padStart(2, '0')}` })))
        .returning({ id: settings.id })
    ).map((row) => row.id);
    // The ordering rows place six reservations per actor: the rate set in force lets a buyer hold that many without a deposit
    // (the default cap, 2, is tested in order-server's order.unpaid-limit spec).
    await db.insert(settings).values({ ...matrixRates(), effectiveFrom: nairobiDate(), reservation: { ...DEFAULT_RESERVATION_RULES, maxUnpaidPerBuyer: 10, maxUnpaidCarsPerBuyer: 30, maxUnpaidCarsPerAddress: 300 } });
    // Records of testimonials for the testimonial.* rows: the first to read and change, the others for the deleting row.
    const testimonialIds = (
      await db
        .insert(testimonials)
        .values(Array.from({ length: 9 }, (_, i) => ({ name: `Matrix Testimonial ${i}`, quote: 'Good dealer.' })))
        .returning({ id: testimonials.id })
    ).map((row) => row.id);
    // Failed messages for the message.resend row: each call of it resends one of its own.
    const messageIds = (
      await db
        .insert(outboxMessages)
        .values(
          Array.from({ length: 9 }, (_, i) => ({
            channel: 'sms',
            recipient: `+25471200000${i}`,
            topic: 'lead.buyer',
            bodyText: `Matrix message ${i}`,
            status: 'failed',
          })),
        )
        .returning({ id: outboxMessages.id })
    ).map((row) => row.id);
    const [{ id: checklistId }] = await db.select({ id: inspectionChecklists.id }).from(inspectionChecklists).limit(1);
    // An import for the vehicleImport.* rows to read and change.
    const [vehicleImport] = await db
      .insert(vehicleImports)
      .values({ ...matrixImport(), buyerPhone: '+254712000999', purchaseCurrency: 'JPY', expectedArrival: '2027-01-15' })
      .returning({ id: vehicleImports.id });
    const costIds = (
      await db
        .insert(carCosts)
        .values(Array.from({ length: 10 }, () => ({ carId: car.id, kind: 'freight', amount: 100_000, amountKes: 100_000 })))
        .returning({ id: carCosts.id })
    ).map((row) => row.id);
    fixtures = {
      orderId: order.id,
      brandId: brand.id,
      carId: car.id,
      carSlug: car.slug,
      spare: {
        cars: spareCars.map((c) => c.id),
        brands: spareBrands.map((b) => b.id),
        carImages: Array.from({ length: 16 }, (_, i) => `cars/${car.slug}-${i}`),
        brandImages: logos.map((l) => l.publicId),
        orderCars: orderCars.map((c) => c.id),
        staff: spareStaff.map((u) => u.id),
      },
      salesId: salesSession.user._id,
      profile: {
        customer: { ...customer, password: '' },
        sales: { ...salesperson, password: '' },
        // The configured admin starts without phone and address; the profile form needs them.
        admin: { name: 'Admin', email: 'boss@dealer.test', password: '', phone: '0700000000', address: 'Mombasa' },
      },
      lead: { id: leadIds[0], spare: leadIds.slice(1) },
      setting: { id: settingIds[0], spare: settingIds.slice(1) },
      testimonial: { id: testimonialIds[0], spare: testimonialIds.slice(1) },
      message: { id: messageIds[0], spare: messageIds.slice(1) },
      deposit,
      checklistId,
      vehicleImport: { id: vehicleImport.id },
      carCost: { id: costIds[0], spare: costIds.slice(1) },
    };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await stub?.close();
    await daraja?.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe.each(REST_ROWS)('REST $route ($access)', (row) => {
    it.each(ACTORS)('%s', async (actor) => {
      const [method, path] = row.route.split(' ');
      const raw = await row.rawBody?.();
      const res = await app.inject({
        method: method as 'GET' | 'PUT' | 'POST' | 'DELETE',
        url: row.url?.(fixtures) ?? `/api/${path}`,
        headers: { ...(await callHeaders(actor, row.ownSession)), ...raw?.headers },
        payload: raw?.payload ?? (row.body ? (row.body(fixtures, who(actor)) as Record<string, unknown>) : undefined),
        payloadAsStream: row.stream,
      });
      await renewSessions(actor, row.ownSession);
      if (row.stream && res.statusCode === 200) {
        // An allowed stream never ends by itself: its first event, then it is closed.
        const answer = res.stream();
        const first = await new Promise<string>((resolve) => answer.once('data', (chunk: Buffer) => resolve(chunk.toString())));
        answer.destroy();
        expect({ status: res.statusCode, first }).toEqual({ status: EXPECTED[actor][row.access], first: 'data: {"kind":"ready"}\n\n' });
        return;
      }
      const csv = String(res.headers['content-type'] ?? '').startsWith('text/csv');
      const body: unknown = row.stream ? JSON.parse(await text(res.stream())) : csv ? res.body : res.json();
      const allowed = EXPECTED[actor][row.access] === 200;
      const status = allowed ? (row.okStatus ?? 200) : EXPECTED[actor][row.access];
      expect({ status: res.statusCode, body }).toEqual({
        status,
        body: row.gate
          ? { ok: status === 200 }
          : allowed
            ? expect.anything()
            : expect.objectContaining({
                success: false,
                message:
                  status === 401
                    ? expect.stringContaining('log in')
                    : row.access === 'owner' && who(actor) === 'sales'
                      ? "Owner access required: ask the dealership's owner"
                      : 'Admin access required',
              }),
      });
    });
  });

  describe.each(TRPC_ROWS)('tRPC $path ($access)', (row) => {
    it.each(ACTORS)('%s', async (actor) => {
      const input = row.input?.(fixtures, who(actor));
      const rowHeaders = await callHeaders(actor, row.ownSession);
      const res =
        row.type === 'query'
          ? await app.inject({
              method: 'GET',
              url: `/trpc/${row.path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
              headers: rowHeaders,
            })
          : await app.inject({
              method: 'POST',
              url: `/trpc/${row.path}`,
              headers: { ...rowHeaders, 'content-type': 'application/json' },
              payload: JSON.stringify(input ?? null),
            });
      await renewSessions(actor, row.ownSession);
      const status = EXPECTED[actor][row.access];
      const expected = status === 200 && row.allowed ? row.allowed : { status, code: { 200: undefined, 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' }[status] };
      expect({ status: res.statusCode, code: res.json().error?.data.code }).toEqual(expected);
    });
  });

  describe('completeness', () => {
    it('every REST route is either a row of the matrix or on the public list, with matching metadata', () => {
      const routes = declaredRestRoutes(app);
      const classified = [...REST_ROWS.map((r) => r.route), ...PUBLIC_REST].sort((a, b) => a.localeCompare(b));
      expect(routes.map((r) => r.route)).toEqual(classified);
      for (const { route, access } of routes) {
        const row = REST_ROWS.find((r) => r.route === route);
        expect({ route, access }).toEqual({ route, access: row && !row.gate ? row.access : 'public' });
      }
    });

    it('every tRPC procedure is either a row of the matrix or on the public list', () => {
      const procedures = declaredProcedures(app).map((p) => p.path);
      expect(procedures).toEqual([...TRPC_ROWS.map((r) => r.path), ...Object.keys(PUBLIC_TRPC)].sort());
    });

    it('public endpoints answer a guest (bad input at worst, never 401 or 403)', async () => {
      const answers: { endpoint: string; status: number }[] = [];
      for (const route of PUBLIC_REST) {
        const [method, path] = route.split(' ');
        const url = urlOfRoute(path.replace(/:[a-zA-Z]+/g, 'x'));
        const res = await app.inject({ method: method === 'POST' ? 'POST' : 'GET', url, payload: method === 'POST' ? {} : undefined });
        answers.push({ endpoint: route, status: res.statusCode });
      }
      for (const [path, type] of Object.entries(PUBLIC_TRPC)) {
        const res =
          type === 'query'
            ? await app.inject({ method: 'GET', url: `/trpc/${path}` })
            : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
        answers.push({ endpoint: `tRPC ${path}`, status: res.statusCode });
      }
      // 404 is an unknown slug (fine); 405 would mean a public list entry of the wrong type.
      expect(answers.filter((a) => ![200, 400, 404].includes(a.status) || (a.endpoint.startsWith('tRPC') && a.status === 404))).toEqual([]);
    });
  });
});
