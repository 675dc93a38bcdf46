import { BrandUpdateInputSchema, type Brand, type BrandUpdateInput } from '@dealership/brand-schemas';
import { FailedUploadsWarning, ImageUploader, useImageUploads, usePendingRemovals, type UploadItem } from '@dealership/media-web';
import { describeApiError, withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Input, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { BRAND_ADMIN_COPY as COPY } from './brand-admin.copy';
import { firstFormError, refreshAfterBrandWrite, toFormErrors, type BrandImageTransfer } from './brand-form';

const validateUpdate = schemaResolver(BrandUpdateInputSchema, { sync: true });

interface BrandEditFormProps {
  brand: Brand;
  imageTransfer?: BrandImageTransfer;
  onCancel: () => void;
  onUpdated: () => void;
}

function BrandEditForm({ brand, imageTransfer, onCancel, onUpdated }: BrandEditFormProps) {
  const utils = trpc.useUtils();
  const update = trpc.brand.update.useMutation();
  const removeImage = trpc.brand.removeImage.useMutation();
  const removals = usePendingRemovals();
  const uploads = useImageUploads({ kind: 'brand', initial: brand.images, ...imageTransfer });
  const form = useForm<BrandUpdateInput>({
    mode: 'uncontrolled',
    initialValues: { id: brand.id, name: brand.name, images: brand.images },
    validate: validateUpdate,
  });

  // A saved picture is deleted on the server first, then taken off the list (spec §4). One removal
  // per picture at a time: its remove control and Submit wait for the answer.
  const removeSaved = (item: UploadItem) =>
    removals.run(item.key, async () => {
      const image = item.image;
      if (!image) return;
      try {
        await removeImage.mutateAsync({ brandId: brand.id, publicId: image.publicId });
      } catch {
        // Spec §8: this message, whatever the server said (as on the car screen).
        notifyError(COPY.imageDeleteFailed);
        return;
      }
      uploads.remove(item.key);
      notifySuccess(COPY.imageDeleted);
      void refreshAfterBrandWrite(utils);
    });

  const save = async (values: BrandUpdateInput) => {
    try {
      await withLoadingToast(COPY.updating, () => update.mutateAsync({ id: brand.id, name: values.name, images: values.images }));
    } catch (error) {
      notifyError(COPY.updateFailed);
      form.setErrors(toFormErrors(describeApiError(error).fieldErrors));
      return;
    }
    notifySuccess(COPY.updated);
    onUpdated();
    void refreshAfterBrandWrite(utils);
  };

  const showFirstError = (errors: FormErrors) => {
    const message = firstFormError(errors);
    if (message) notifyError(message);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The saved pictures left plus the new uploads, in their order, become the brand's list.
    form.setFieldValue('images', uploads.images, { forceUpdate: false });
    form.onSubmit(save, showFirstError)(event);
  };

  const imageError = uploads.items.length > 0 ? undefined : form.errors['images'];

  return (
    <form noValidate onSubmit={submit} aria-label={COPY.editTitle}>
      <Stack gap="lg">
        <div>
          <Input.Label labelElement="div" required mb={4}>
            {COPY.changeImage}
          </Input.Label>
          <Text size="sm" c="gray.7" mb="xs">
            {COPY.currentImagesHint}
          </Text>
          <ImageUploader
            uploads={uploads}
            label={COPY.changeImage}
            multiple={false}
            hint={COPY.imageHint}
            onRemoveSaved={(item) => void removeSaved(item)}
            pendingRemovals={removals.pending}
            disabled={update.isPending}
            error={imageError ? String(imageError) : undefined}
          />
        </div>
        <TextInput label={COPY.nameLabel} required autoComplete="off" maxLength={80} key={form.key('name')} {...form.getInputProps('name')} />
        <FailedUploadsWarning uploads={uploads} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            {COPY.cancel}
          </Button>
          <Button type="submit" disabled={uploads.isUploading || removals.isPending} loading={update.isPending}>
            {COPY.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface BrandEditModalProps {
  /** The brand being edited; null closes the modal. */
  brand: Brand | null;
  onClose: () => void;
  /** After a successful update (the list reloads itself). */
  onUpdated: () => void;
  imageTransfer?: BrandImageTransfer;
}

/**
 * The brand edit modal of spec §2 "All Brands List": the current pictures, each with a delete
 * control, a 'Change this Image' upload, the name and Submit. Full screen on a phone.
 */
export function BrandEditModal({ brand, onClose, onUpdated, imageTransfer }: BrandEditModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)') ?? false;
  // The brand stays on screen while the modal fades out.
  const [shown, setShown] = useState(brand);
  if (brand && brand !== shown) setShown(brand);

  return (
    <Modal
      opened={brand !== null}
      onClose={onClose}
      title={shown ? `${COPY.editTitle}: ${shown.name}` : COPY.editTitle}
      size="lg"
      fullScreen={fullScreen}
      centered
    >
      {shown ? <BrandEditForm key={shown.id} brand={shown} imageTransfer={imageTransfer} onCancel={onClose} onUpdated={onUpdated} /> : null}
    </Modal>
  );
}
