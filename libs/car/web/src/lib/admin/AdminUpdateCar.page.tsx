import type { CarStaff, CarUpdateFields } from '@dealership/car-schemas';
import { type UploadItem, useImageUploads, usePendingRemovals } from '@dealership/media-web';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError, withLoadingToast } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, notifySuccess, PageLoader, Seo } from '@dealership/web-ui';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ADMIN_CAR_COPY } from './admin-car-copy';
import { CarForm, type CarFormResult } from './CarForm';
import { PriceHistory } from './PriceHistory';
import { carFormValues } from './car-form-values';
import { refreshAfterCarWrite } from './refresh-after-write';
import { SpinFramesSection } from './SpinFramesSection';
import { type CarCostsExtra, CarCostsSection } from './CarCostsSection';

/** The form of one loaded car. Its fields are filled once: reloading the car (after a picture is removed) keeps what was typed. */
function UpdateCarForm({ car }: { car: CarStaff }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [initialValues] = useState(() => carFormValues(car));
  const uploads = useImageUploads({ kind: 'car', initial: car.images });
  const update = trpc.car.update.useMutation();
  const removeImage = trpc.car.removeImage.useMutation();
  const removals = usePendingRemovals();
  const backToList = () => navigate(sitePath('adminCars'));

  // One removal per picture at a time; its tile and Update Car wait until the server answers.
  const removeSaved = (item: UploadItem) =>
    removals.run(item.key, async () => {
      const image = item.image;
      if (!image) return;
      try {
        await removeImage.mutateAsync({ carId: car.id, publicId: image.publicId });
      } catch {
        notifyError(ADMIN_CAR_COPY.imageDeleteFailed);
        return;
      }
      uploads.remove(item.key);
      notifySuccess(ADMIN_CAR_COPY.imageDeleted);
      // Spec §4: the car is reloaded after an image is deleted (and every other car query with it).
      void refreshAfterCarWrite(utils);
    });

  const handleSubmit = async (input: CarUpdateFields): Promise<CarFormResult> => {
    try {
      await withLoadingToast(ADMIN_CAR_COPY.updating, () => update.mutateAsync(input));
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      notifyError(message);
      return fieldErrors;
    }
    notifySuccess(ADMIN_CAR_COPY.updated);
    void refreshAfterCarWrite(utils);
    backToList();
    return undefined;
  };

  return (
    <CarForm
      initialValues={initialValues}
      submit={{ mode: 'update', carId: car.id, onSubmit: handleSubmit }}
      fixedBrand={car.brand}
      uploads={uploads}
      onRemoveSavedImage={(item) => void removeSaved(item)}
      pendingRemovals={removals.pending}
      submitLabel={ADMIN_CAR_COPY.updateButton}
      onCancel={backToList}
    />
  );
}

function CarNotFound() {
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            {ADMIN_CAR_COPY.notFoundTitle}
          </Title>
          <Text c="dimmed">{ADMIN_CAR_COPY.notFoundText}</Text>
          <Button component={Link} to={sitePath('adminCars')} variant="light">
            {ADMIN_CAR_COPY.backToList}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * Update Car (`/dashboard/admin/car/{slug}`, spec §2 and §4): loads the car, fills every field,
 * removes saved pictures one by one, uploads and reorders pictures, and saves with 'Updating...';
 * then back to the cars list. An unknown slug shows a not-found state.
 */
export function AdminUpdateCarPage({ costsExtra }: { costsExtra?: CarCostsExtra } = {}) {
  const { slug = '' } = useParams();
  // The staff view: the whole chassis number, which the public page never gets.
  const car = trpc.car.forStaff.useQuery({ slug }, { retry: false });

  let content;
  if (car.isPending) {
    content = <PageLoader label="Loading the car…" />;
  } else if (car.data) {
    content = <UpdateCarForm key={car.data.id} car={car.data} />;
  } else {
    const status = car.error?.data?.httpStatus;
    content =
      status === 404 || status === 400 ? (
        <CarNotFound />
      ) : (
        <ErrorState title="Could not load the car" onRetry={() => void car.refetch()} retrying={car.isFetching} />
      );
  }

  return (
    <Stack gap="lg">
      <Seo title={ADMIN_CAR_COPY.updateTitle} description="Edit a car of the catalogue." noIndex />
      <Title order={1} size="h2">
        {ADMIN_CAR_COPY.updateTitle}
        {car.data ? (
          <Text span c="dimmed" fz="md" fw={500} display="block">
            {car.data.name}
          </Text>
        ) : null}
      </Title>
      {content}
      {car.data ? <SpinFramesSection carId={car.data.id} /> : null}
      {car.data ? <PriceHistory carId={car.data.id} /> : null}
      {car.data ? <CarCostsSection carId={car.data.id} chassisNumber={car.data.chassisNumber ?? null} extra={costsExtra} /> : null}
    </Stack>
  );
}
