import type { CarDraft } from '@dealership/car-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Card, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_CAR_COPY } from './admin-car-copy';
import classes from './AdminCars.module.css';
import { ConfirmDialog } from './ConfirmDialog';

/** Create Car filled from a trade-in waiting to be listed. */
export const createListingHref = (draft: Pick<CarDraft, 'id'>) => `${sitePath('adminCreateCar')}?draft=${encodeURIComponent(draft.id)}`;

const takenIn = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' });

/**
 * "Trade-ins to list" on All Cars (issue 46): the cars taken in with delivered orders, each with its
 * first photo, the offer's number and the day it came in, "Create listing" (Create Car filled from
 * it) and "Dismiss" (after a confirmation). Nothing at all while there are none, or when the list
 * cannot be read (the cars below matter more).
 */
export function TradeInsToList() {
  const utils = trpc.useUtils();
  const drafts = trpc.car.drafts.useQuery();
  const dismiss = trpc.car.dismissDraft.useMutation();
  const [toDismiss, setToDismiss] = useState<CarDraft | null>(null);

  if (!drafts.data || drafts.data.length === 0) return null;

  const confirmDismiss = async (draft: CarDraft) => {
    setToDismiss(null);
    try {
      await dismiss.mutateAsync({ id: draft.id });
      notifySuccess(ADMIN_CAR_COPY.dismissed);
    } catch {
      notifyError(ADMIN_CAR_COPY.dismissFailed);
    }
    await utils.car.drafts.invalidate();
  };

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="trade-ins-to-list" className={classes.tradeIns}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="trade-ins-to-list">
            {ADMIN_CAR_COPY.tradeInsTitle}
          </Title>
          <Text size="sm" c="gray.7">
            {ADMIN_CAR_COPY.tradeInsHint}
          </Text>
        </div>
        {drafts.data.map((draft) => (
          <Card key={draft.id} component="article" withBorder radius="sm" padding="sm" aria-labelledby={`trade-in-${draft.id}`}>
            <Group justify="space-between" align="center" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.tradeInText}>
                {draft.photos[0] ? (
                  <Image src={draft.photos[0].url} alt="" w={72} h={54} radius="sm" fit="cover" loading="lazy" />
                ) : (
                  <div className={classes.tradeInNoPhoto} aria-hidden="true" />
                )}
                <Stack gap={2} className={classes.tradeInText}>
                  <Text fw={700} id={`trade-in-${draft.id}`}>
                    {draft.title}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {`${draft.offerReference} · taken in on ${takenIn(draft.createdAt)}`}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" justify="flex-end" className={classes.tradeInActions}>
                <Button variant="default" size="xs" onClick={() => setToDismiss(draft)} aria-label={`${ADMIN_CAR_COPY.dismissTradeIn} ${draft.title}`}>
                  {ADMIN_CAR_COPY.dismissTradeIn}
                </Button>
                <Button component={Link} to={createListingHref(draft)} size="xs" aria-label={`${ADMIN_CAR_COPY.createListing}: ${draft.title}`}>
                  {ADMIN_CAR_COPY.createListing}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        opened={toDismiss !== null}
        title={ADMIN_CAR_COPY.dismissTitle}
        question={ADMIN_CAR_COPY.dismissQuestion}
        subject={toDismiss?.title}
        confirmLabel={ADMIN_CAR_COPY.dismissConfirm}
        onCancel={() => setToDismiss(null)}
        onConfirm={() => toDismiss && void confirmDismiss(toDismiss)}
      />
    </Paper>
  );
}
