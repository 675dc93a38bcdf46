import { ORDER_STATUSES, type Order, type OrderStatus } from '@dealership/order-schemas';
import { describeApiError, SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PageNav, QueryState, Seo } from '@dealership/web-ui';
import { Anchor, Box, Button, Chip, Loader, NativeSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OrdersTable } from '../OrdersTable/OrdersTable';
import classes from './AdminOrders.module.css';
import {
  isFiltered,
  isOrderStatus,
  NO_ORDER_FILTERS,
  ORDER_SEARCH_DEBOUNCE_MS,
  readOrderListParams,
  toOrderListInput,
  writeOrderListParams,
  type OrderListParams,
} from './order-list-params';

/** The toast after a status change (spec §4 and §8), exactly so. */
export const orderChangedMessage = (status: OrderStatus) => `Order Changed to ${status}`;

/** The list's filters and page, kept in the URL so reload and Back show the same list. */
function useOrderListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readOrderListParams(searchParams), [searchParams]);
  // A new filter starts again at page 1; the change is applied to the URL as it is now (the search is debounced).
  const update = (change: Partial<OrderListParams>, options: { replace?: boolean } = {}) =>
    setSearchParams((current) => writeOrderListParams(current, { ...readOrderListParams(current), page: 1, ...change }), { replace: options.replace });
  return { params, update };
}

function OrderFilters({
  params,
  onChange,
}: {
  params: OrderListParams;
  onChange: (change: Partial<OrderListParams>, options?: { replace?: boolean }) => void;
}) {
  const [text, setText] = useState(params.search);
  const [syncedSearch, setSyncedSearch] = useState(params.search);
  // Back, Forward or "Clear filters" changed the URL's search: the box follows it.
  if (params.search !== syncedSearch) {
    setSyncedSearch(params.search);
    if (params.search !== text.trim()) setText(params.search);
  }
  const searchLater = useDebouncedCallback((value: string) => onChange({ search: value.trim().slice(0, 100) }, { replace: true }), ORDER_SEARCH_DEBOUNCE_MS);

  return (
    <div className={classes.filters} role="search" aria-label="Filter orders">
      <TextInput
        type="search"
        label="Search buyer"
        placeholder="Name, email or phone"
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.currentTarget.value);
          searchLater(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') searchLater.flush();
        }}
        enterKeyHint="search"
      />
      <Select
        label="Status"
        placeholder="All statuses"
        clearable
        data={[...ORDER_STATUSES]}
        value={params.status ?? null}
        onChange={(value) => onChange({ status: isOrderStatus(value) ? value : undefined })}
        comboboxProps={{ withinPortal: true }}
      />
      <div className={classes.chip}>
        <Chip checked={params.expiringToday} onChange={(checked) => onChange({ expiringToday: checked })} variant="outline" color="orange">
          Expiring today
        </Chip>
      </div>
    </div>
  );
}

interface StatusChange {
  orderId: string;
  status: OrderStatus;
}

/** The admin's status control: exactly the five statuses, busy while a change is saved. */
function OrderStatusSelect({
  order,
  number,
  change,
  onChange,
}: {
  order: Order;
  number: number;
  change: StatusChange | null;
  onChange: (order: Order, status: OrderStatus) => void;
}) {
  const saving = change?.orderId === order.id;
  return (
    <NativeSelect
      aria-label={`Status of order ${number}`}
      data={[...ORDER_STATUSES]}
      value={saving ? change.status : order.status}
      disabled={change !== null}
      rightSection={saving ? <Loader size={14} aria-label="Saving the status" /> : undefined}
      onChange={(event) => {
        const status = event.currentTarget.value;
        if (isOrderStatus(status) && status !== order.status) onChange(order, status);
      }}
      size="sm"
    />
  );
}

/**
 * Manage Orders (`/dashboard/admin/userorders`, spec §2): a table per order with a status dropdown,
 * buyer, relative date and payment badge, then its cars. A change saves at once, shows 'Order
 * Changed to {status}' and reloads the list. Beyond the spec: status filter, holds ending today, buyer search and pages
 * in the URL, and the buyer's phone (call and WhatsApp) and address from the order, and each order's payment, deposit, hold and M-Pesa requests.
 */
export function AdminOrdersPage() {
  const { params, update } = useOrderListParams();
  const utils = trpc.useUtils();
  const list = trpc.order.all.useQuery(toOrderListInput(params), {
    // The previous page stays on screen while the next one loads: no flash of a spinner.
    placeholderData: keepPreviousData,
  });
  const setStatus = trpc.order.setStatus.useMutation();
  const [change, setChange] = useState<StatusChange | null>(null);

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    // Spec §8 "Order fetch failure": one toast per failed load (retries included).
    if (failedAt) notifyError(SERVER_ERROR_MESSAGE);
  }, [failedAt]);

  const changeStatus = async (order: Order, status: OrderStatus) => {
    setChange({ orderId: order.id, status });
    try {
      await setStatus.mutateAsync({ orderId: order.id, status });
      notifySuccess(orderChangedMessage(status));
      // Spec §4: on success the orders reload (and the dashboard's counts with them).
      await Promise.all([utils.order.all.invalidate(), utils.order.stats.invalidate()]);
    } catch (error) {
      notifyError(describeApiError(error).message);
    } finally {
      setChange(null);
    }
  };

  const changePage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const body = (
    <QueryState
      query={list}
      loadingLabel="Loading orders…"
      errorTitle={SERVER_ERROR_MESSAGE}
      errorMessage="The orders could not be loaded. Please check your connection and try again."
      keepDataOnError
      isEmpty={(page) => page.items.length === 0}
      empty={(page) =>
        page.total === 0 ? (
          isFiltered(params) ? (
            <Stack gap="xs" align="center">
              <Text fw={700}>No orders match these filters.</Text>
              <Button variant="light" onClick={() => update(NO_ORDER_FILTERS)}>
                Clear filters
              </Button>
            </Stack>
          ) : (
            <Stack gap="xs" align="center">
              <Text fw={700}>No orders yet.</Text>
              <Text size="sm" c="gray.7">
                Orders appear here when buyers reserve or pay for cars.
              </Text>
            </Stack>
          )
        ) : (
          // A page past the end (an old link, or orders moved out of the filter).
          <Stack gap="xs" align="center">
            <Text fw={700}>There are no orders on this page.</Text>
            <Anchor component="button" type="button" onClick={() => changePage(1)}>
              Go to the first page
            </Anchor>
          </Stack>
        )
      }
    >
      {(page) => {
        const first = (page.page - 1) * page.pageSize + 1;
        return (
          <Stack gap="md">
            <Text size="sm" c="gray.7" aria-live="polite">
              {`Showing ${first}-${first + page.items.length - 1} of ${page.total} ${page.total === 1 ? 'order' : 'orders'}`}
            </Text>
            {/* While another page or filter loads, the previous one stays, dimmed. */}
            <Box aria-busy={list.isPlaceholderData} opacity={list.isPlaceholderData ? 0.6 : 1}>
              <OrdersTable
                orders={page.items}
                firstNumber={first}
                showContact
                showPayments
                renderStatus={(order, number) => (
                  <OrderStatusSelect order={order} number={number} change={change} onChange={(o, s) => void changeStatus(o, s)} />
                )}
              />
            </Box>
            <PageNav total={page.pageCount} page={page.page} onChange={changePage} label="Order pages" />
          </Stack>
        );
      }}
    </QueryState>
  );

  return (
    <Stack gap="md">
      <Seo title="Manage Orders" description="The buyers' orders and their status." noIndex />
      <Title order={1} size="h2">
        Manage Orders
      </Title>
      <OrderFilters params={params} onChange={update} />
      {body}
    </Stack>
  );
}
