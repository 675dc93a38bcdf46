import type { CarCreateFields, CarDraft } from '@dealership/car-schemas';
import { useImageUploads } from '@dealership/media-web';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PageLoader, Seo } from '@dealership/web-ui';
import { Alert, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_CAR_COPY, CREATE_EXCEPTION_TOAST_MS } from './admin-car-copy';
import { CarForm, type CarFormResult } from './CarForm';
import { EMPTY_CAR_FORM, tradeInFormValues } from './car-form-values';
import { refreshAfterCarWrite } from './refresh-after-write';

/**
 * Create Car (`/dashboard/admin/create-product`, spec §2, §5, §8): the car form over a full-page
 * spinner while the car is saved; then to the cars list. A refusal (4xx) says 'Error in Car
 * creation' and marks the field the server named; a request that got no answer (network, 5xx)
 * shows the spec's long message about too many pictures for 10 seconds. With `?draft=<id>` (issue
 * 46, "Create listing" on a trade-in) the form opens filled from the trade-in, once the trade-ins
 * and brands are read, and the car is created from it.
 */
export function AdminCreateCarPage() {
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const brands = trpc.brand.list.useQuery();
  const drafts = trpc.car.drafts.useQuery(undefined, { enabled: draftId !== null });

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  if (draftId !== null && (drafts.isPending || brands.isPending)) return <PageLoader label="Loading the trade-in…" />;
  const draft = draftId === null ? undefined : drafts.data?.find((d) => d.id === draftId);
  return (
    <Stack gap="lg">
      <Seo title={ADMIN_CAR_COPY.createTitle} description="Add a car to the catalogue." noIndex />
      <Title order={1} size="h2">
        {ADMIN_CAR_COPY.createTitle}
      </Title>
      {draftId !== null && !draft ? (
        <Alert color="yellow" role="status">
          {drafts.isError ? 'Could not load the trade-in: fill in the car yourself, or try again later.' : ADMIN_CAR_COPY.tradeInGone}
        </Alert>
      ) : null}
      {draft ? (
        <Alert color="blue" title={`${ADMIN_CAR_COPY.listingTradeIn}: ${draft.title} (${draft.offerReference})`}>
          <Text size="sm">{ADMIN_CAR_COPY.listingNotice}</Text>
        </Alert>
      ) : null}
      <CreateCarForm key={draft?.id ?? 'new'} draft={draft} />
    </Stack>
  );
}

function CreateCarForm({ draft }: { draft?: CarDraft }) {
  const navigate = useNavigate();
  // The page's own query (one request): read here too, for the form's brand picker.
  const brands = trpc.brand.list.useQuery();
  const utils = trpc.useUtils();
  const uploads = useImageUploads({ kind: 'car', initial: draft?.photos });
  const create = trpc.car.create.useMutation();

  const handleSubmit = async (input: CarCreateFields): Promise<CarFormResult> => {
    try {
      await create.mutateAsync(draft ? { ...input, fromDraftId: draft.id } : input);
    } catch (error) {
      const { isServerFault, fieldErrors } = describeApiError(error);
      if (isServerFault) {
        notifyError(ADMIN_CAR_COPY.createException, CREATE_EXCEPTION_TOAST_MS);
        return undefined;
      }
      notifyError(fieldErrors['fromDraftId'] ? ADMIN_CAR_COPY.tradeInGone : ADMIN_CAR_COPY.createFailed);
      return fieldErrors;
    }
    notifySuccess(ADMIN_CAR_COPY.created);
    void refreshAfterCarWrite(utils);
    navigate(sitePath('adminCars'));
    return undefined;
  };

  return (
    <>
      <LoadingOverlay visible={create.isPending} pos="fixed" zIndex={400} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Creating the car' }} />
      <CarForm
        initialValues={draft ? tradeInFormValues(draft, brands.data ?? []) : EMPTY_CAR_FORM}
        submit={{ mode: 'create', onSubmit: handleSubmit }}
        brands={brands.data}
        brandsLoading={brands.isPending}
        brandsError={brands.isError}
        onRetryBrands={() => void brands.refetch()}
        brandsRetrying={brands.isFetching}
        uploads={uploads}
        submitLabel={ADMIN_CAR_COPY.createButton}
      />
    </>
  );
}
