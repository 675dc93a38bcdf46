import type { Brand } from '@dealership/brand-schemas';
import { withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BRAND_ADMIN_COPY as COPY, BRAND_DELETE_SUGGESTION, brandDeleteFailedMessage, brandDeleteWarning } from './brand-admin.copy';
import { refreshAfterBrandWrite } from './brand-form';

export interface BrandDeleteDialogProps {
  /** The brand to delete; null closes the dialog. */
  brand: Brand | null;
  onClose: () => void;
}

/**
 * Confirms a brand's deletion (spec §2): its cars lose the brand and cannot be found by it any
 * more, it cannot be undone, an edit may be what was meant. Confirming deletes, then the list reloads.
 */
export function BrandDeleteDialog({ brand, onClose }: BrandDeleteDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.brand.remove.useMutation();
  const [shown, setShown] = useState(brand);
  if (brand && brand !== shown) setShown(brand);

  const confirm = async () => {
    if (!brand) return;
    const { id, name } = brand;
    try {
      await withLoadingToast(COPY.deleting, () => remove.mutateAsync({ id }));
      notifySuccess(COPY.deleted);
      void refreshAfterBrandWrite(utils);
    } catch {
      notifyError(brandDeleteFailedMessage(name));
    } finally {
      onClose();
    }
  };

  return (
    <Modal
      opened={brand !== null}
      onClose={onClose}
      title={shown ? `${COPY.deleteTitle}: ${shown.name}` : COPY.deleteTitle}
      centered
      // While the brand is being deleted the dialog stays: it closes itself with the answer.
      closeOnEscape={!remove.isPending}
      closeOnClickOutside={!remove.isPending}
      withCloseButton={!remove.isPending}
    >
      {shown ? (
        <Stack gap="md">
          <Text>{brandDeleteWarning(shown.name)}</Text>
          <Text c="gray.7" size="sm">
            {BRAND_DELETE_SUGGESTION}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {COPY.cancel}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
              {COPY.delete}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
