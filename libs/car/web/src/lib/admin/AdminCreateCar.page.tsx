import type { CarCreateFields } from '@dealership/car-schemas';
import { useImageUploads } from '@dealership/media-web';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, Seo } from '@dealership/web-ui';
import { LoadingOverlay, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_CAR_COPY, CREATE_EXCEPTION_TOAST_MS } from './admin-car-copy';
import { CarForm, type CarFormResult } from './CarForm';
import { EMPTY_CAR_FORM } from './car-form-values';
import { refreshAfterCarWrite } from './refresh-after-write';

/**
 * Create Car (`/dashboard/admin/create-product`, spec §2, §5, §8): the car form over a full-page
 * spinner while the car is saved; then to the cars list. A refusal (4xx) says 'Error in Car
 * creation' and marks the field the server named; a request that got no answer (network, 5xx)
 * shows the spec's long message about too many pictures for 10 seconds.
 */
export function AdminCreateCarPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const brands = trpc.brand.list.useQuery();
  const uploads = useImageUploads({ kind: 'car' });
  const create = trpc.car.create.useMutation();

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const handleSubmit = async (input: CarCreateFields): Promise<CarFormResult> => {
    try {
      await create.mutateAsync(input);
    } catch (error) {
      const { isServerFault, fieldErrors } = describeApiError(error);
      if (isServerFault) {
        notifyError(ADMIN_CAR_COPY.createException, CREATE_EXCEPTION_TOAST_MS);
        return undefined;
      }
      notifyError(ADMIN_CAR_COPY.createFailed);
      return fieldErrors;
    }
    notifySuccess(ADMIN_CAR_COPY.created);
    void refreshAfterCarWrite(utils);
    navigate(sitePath('adminCars'));
    return undefined;
  };

  return (
    <Stack gap="lg">
      <Seo title={ADMIN_CAR_COPY.createTitle} description="Add a car to the catalogue." noIndex />
      <LoadingOverlay visible={create.isPending} pos="fixed" zIndex={400} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Creating the car' }} />
      <Title order={1} size="h2">
        {ADMIN_CAR_COPY.createTitle}
      </Title>
      <CarForm
        initialValues={EMPTY_CAR_FORM}
        submit={{ mode: 'create', onSubmit: handleSubmit }}
        brands={brands.data}
        brandsLoading={brands.isPending}
        brandsError={brands.isError}
        onRetryBrands={() => void brands.refetch()}
        brandsRetrying={brands.isFetching}
        uploads={uploads}
        submitLabel={ADMIN_CAR_COPY.createButton}
      />
    </Stack>
  );
}
