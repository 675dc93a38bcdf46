import type { MpesaPayment, Order } from '@dealership/order-schemas';
import { useAuth } from '@dealership/web-session';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { balanceAfterDeposit, orderNumber } from '../format/order-format';
import { DepositPaid, DepositSummary, MpesaDepositProgress, MpesaPhoneField } from '../mpesa/MpesaDeposit';
import { useMpesaDeposit } from '../mpesa/use-mpesa-deposit';

export interface PayDepositDialogProps {
  /** The reservation whose deposit to pay; the dialog is closed while null. */
  order: Order | null;
  onClose: () => void;
}

/** One reservation's deposit by M-Pesa: the number, the prompt on the phone, then the receipt or why nothing was paid. */
function PayDeposit({ order, onClose }: { order: Order; onClose: () => void }) {
  const { session } = useAuth();
  const [paid, setPaid] = useState<{ order: Order; payment: MpesaPayment } | null>(null);
  const mpesa = useMpesaDeposit({ onPaid: (fresh, payment) => setPaid({ order: fresh, payment }) });

  if (paid) {
    return (
      <Stack gap="md">
        <DepositPaid order={paid.order} payment={paid.payment} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">{`Order number ${orderNumber(order)}`}</Text>
      <DepositSummary deposit={order.deposit?.amount ?? 0} balance={balanceAfterDeposit(order)} />
      {mpesa.stage === 'form' ? (
        <MpesaPhoneField defaultPhone={session?.user.phone} submitLabel="Pay deposit by M-Pesa" onSubmit={(phone) => void mpesa.pay(order, phone)} />
      ) : (
        <MpesaDepositProgress mpesa={mpesa} order={order} />
      )}
    </Stack>
  );
}

/** My Orders' "Pay deposit by M-Pesa": the cart's M-Pesa step for a reservation placed earlier (full screen on a phone). */
export function PayDepositDialog({ order, onClose }: PayDepositDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={order !== null} onClose={onClose} title="Pay deposit by M-Pesa" fullScreen={phone}>
      {/* A fresh flow per order: another reservation starts again from the number. */}
      {order ? <PayDeposit key={order.id} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}
