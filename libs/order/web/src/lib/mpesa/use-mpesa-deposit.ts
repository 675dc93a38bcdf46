import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { describeApiError, SERVER_ERROR_MESSAGE } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';

/** What the page says while M-Pesa prompts the buyer's phone. */
export const MPESA_WAITING_MESSAGE = 'Check your phone and enter your M-Pesa PIN';

/** How often the page asks where a waiting request stands (the server asks Daraja itself when its callback is late). */
export const MPESA_POLL_MS = 2_000;

/** Where the deposit stands: the phone form, the request on its way, the prompt on the phone, or its outcome. */
export type MpesaDepositStage = 'form' | 'requesting' | 'waiting' | 'paid' | 'failed';

export interface MpesaDeposit {
  stage: MpesaDepositStage;
  /** The order whose deposit is asked (set by the first `pay`). */
  order: Order | null;
  /** The latest state of the request, once M-Pesa took it. */
  payment: MpesaPayment | null;
  /** Why nothing was paid: the request's own message, or why it could not be sent. */
  failure: string | null;
  /** The server's word on the number, shown on the field. */
  phoneError: string | null;
  /** The number last asked, to start the next try from. */
  phone: string | null;
  /** Asks M-Pesa to prompt `phone` for `order`'s deposit (again, after a failure: the same order). */
  pay: (order: Order, phone: string) => Promise<void>;
}

function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const status = (data as Record<string, unknown>)['httpStatus'];
  return typeof status === 'number' ? status : undefined;
}

/** Why `order.payDeposit` refused: its message (503 included: "M-Pesa is not answering right now…"), and the field it names. */
function describeDepositFailure(error: unknown): { message: string; phone: string | null } {
  if (httpStatus(error) === 503 && error instanceof TRPCClientError && error.message) return { message: error.message, phone: null };
  const { message, fieldErrors } = describeApiError(error);
  return { message: message || SERVER_ERROR_MESSAGE, phone: fieldErrors['phone'] ?? null };
}

/**
 * One order's M-Pesa deposit: `order.payDeposit` asks for the prompt, then `order.mpesaPayment` is
 * polled while the buyer enters their PIN. Once paid, the order is read again (`order.mine`: its
 * receipt and the longer hold) and handed to `onPaid`.
 */
export function useMpesaDeposit({ onPaid }: { onPaid?: (order: Order, payment: MpesaPayment) => void } = {}): MpesaDeposit {
  const utils = trpc.useUtils();
  const payDeposit = trpc.order.payDeposit.useMutation();
  const [order, setOrder] = useState<Order | null>(null);
  const [requested, setRequested] = useState<MpesaPayment | null>(null);
  const [failure, setFailure] = useState<{ message: string; phone: string | null } | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const settled = useRef<string | null>(null);
  // The caller's latest handler, without restarting the effect below when its identity changes.
  const paidHandler = useRef(onPaid);
  useEffect(() => {
    paidHandler.current = onPaid;
  });

  const poll = trpc.order.mpesaPayment.useQuery(
    { paymentId: requested?.id ?? '' },
    {
      enabled: requested !== null,
      // The request as payDeposit answered it; the first poll comes one interval later.
      initialData: requested ?? undefined,
      staleTime: MPESA_POLL_MS,
      refetchInterval: (query) => (query.state.data?.state === 'pending' ? MPESA_POLL_MS : false),
      // Keep asking through a passing network failure: the prompt is still on the phone.
      retry: 3,
    },
  );
  const payment = requested ? (poll.data ?? requested) : null;
  const state = payment?.state;

  useEffect(() => {
    if (!order || !payment || state !== 'paid' || settled.current === payment.id) return;
    settled.current = payment.id;
    let cancelled = false;
    // The paid order's receipt and hold, as the server now has them; the order as placed if that fails.
    void utils.order.mine
      .fetch(undefined, { staleTime: 0 })
      .then((orders) => orders.find((candidate) => candidate.id === order.id) ?? order)
      .catch(() => order)
      .then((fresh) => {
        if (!cancelled) paidHandler.current?.(fresh, payment);
      });
    void utils.order.all.invalidate();
    return () => {
      cancelled = true;
    };
  }, [order, payment, state, utils]);

  const pay = async (forOrder: Order, number: string) => {
    setOrder(forOrder);
    setPhone(number);
    setFailure(null);
    setRequested(null);
    try {
      const started = await payDeposit.mutateAsync({ orderId: forOrder.id, phone: number });
      setRequested(started);
    } catch (error) {
      setFailure(describeDepositFailure(error));
    }
  };

  let stage: MpesaDepositStage = 'form';
  if (payDeposit.isPending) stage = 'requesting';
  else if (failure) stage = 'failed';
  else if (state === 'pending') stage = 'waiting';
  else if (state === 'paid') stage = 'paid';
  else if (state === 'failed') stage = 'failed';

  return {
    stage,
    order,
    payment,
    failure: failure?.message ?? (state === 'failed' ? (payment?.message ?? null) : null),
    phoneError: failure?.phone ?? null,
    phone,
    pay,
  };
}
