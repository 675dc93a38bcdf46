import { type SiteContentFields, siteContentFields } from '@dealership/content-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { ErrorState, notifyError, notifySuccess, PageLoader } from '@dealership/web-ui';
import { Stack, Text, Title } from '@mantine/core';
import { SiteContentForm } from '../SiteContentForm/SiteContentForm';


/** `/dashboard/admin/site-content`: the owner edits the FAQ, opening hours, contact details and social links the public pages show. */
export function AdminSiteContentPage() {
  const current = trpc.content.current.useQuery();
  const utils = trpc.useUtils();
  const update = trpc.content.update.useMutation();

  const save = async (values: SiteContentFields): Promise<boolean> => {
    try {
      const saved = await update.mutateAsync(values);
      utils.content.current.setData(undefined, saved);
      notifySuccess('Site content saved: the public pages show it now');
      return true;
    } catch (error) {
      notifyError(describeApiError(error).message);
      return false;
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Site content</Title>
        <Text c="gray.7">The FAQ, opening hours, contact details and social links every public page shows. Each change is in the activity log.</Text>
      </div>
      {current.isPending ? (
        <PageLoader />
      ) : current.isError ? (
        <ErrorState message="Could not load the site content." onRetry={() => void current.refetch()} />
      ) : (
        <SiteContentForm key={current.data.version} initialValues={siteContentFields(current.data)} onSubmit={save} saving={update.isPending} />
      )}
    </Stack>
  );
}
