import { CAR_STATUSES, type CarManageInput, type CarStatus } from '@dealership/car-schemas';
import { ADMIN_CARS_PAGE_SIZE } from './admin-car-copy';

/** The admin list's filters, as kept in the URL (`?search=prado&brand=<id>&status=Sold&page=2`). */
export interface AdminCarFilters {
  search: string;
  /** A brand id, or '' for every brand. */
  brand: string;
  status: CarStatus | '';
  page: number;
}

export const NO_ADMIN_CAR_FILTERS: AdminCarFilters = { search: '', brand: '', status: '', page: 1 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isStatus = (value: string | null): value is CarStatus => CAR_STATUSES.some((status) => status === value);

/** Reads the filters from the query string; a value that makes no sense is ignored. */
export function readAdminCarFilters(params: URLSearchParams): AdminCarFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const brand = (params.get('brand') ?? '').trim();
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    brand: UUID.test(brand) ? brand : '',
    status: isStatus(status) ? status : '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Writes the filters to a query string, leaving defaults out (so the plain list is `/dashboard/admin/cars`). */
export function writeAdminCarFilters(filters: AdminCarFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether any filter narrows the list. */
export const isFiltered = (filters: AdminCarFilters) => Boolean(filters.search || filters.brand || filters.status);

/** The `car.manage` input of the filters. */
export function toCarManageInput(filters: AdminCarFilters): CarManageInput {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.brand ? { brandId: filters.brand } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    page: filters.page,
    pageSize: ADMIN_CARS_PAGE_SIZE,
  };
}
