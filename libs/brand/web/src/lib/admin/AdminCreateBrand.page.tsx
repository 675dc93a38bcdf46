import { BrandCreateInputSchema, type BrandCreateInput } from '@dealership/brand-schemas';
import { FailedUploadsWarning, ImageUploader, useImageUploads } from '@dealership/media-web';
import { sitePath } from '@dealership/shared-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, PageLoader, Seo } from '@dealership/web-ui';
import { Button, Input, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BRAND_ADMIN_COPY as COPY } from './brand-admin.copy';
import { firstFormError, refreshAfterBrandWrite, toFormErrors, type AdminBrandPageProps } from './brand-form';

// Module level: a resolver made per render would give the form new callbacks on every render.
const validateBrand = schemaResolver(BrandCreateInputSchema, { sync: true });

/**
 * `/dashboard/admin/create-brand` (spec §2 "Create Brand"): a name and the logo pictures, checked
 * with the server's own schema (name first, then pictures, spec §5); a loader replaces the form
 * while the brand is saved, then the brand list opens.
 */
export function AdminCreateBrandPage({ imageTransfer }: AdminBrandPageProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.brand.create.useMutation();
  const uploads = useImageUploads({ kind: 'brand', ...imageTransfer });
  const form = useForm<BrandCreateInput>({ mode: 'uncontrolled', initialValues: { name: '', images: [] }, validate: validateBrand });

  const save = async (values: BrandCreateInput) => {
    try {
      await create.mutateAsync({ name: values.name, images: values.images });
    } catch (error) {
      const info = describeApiError(error);
      notifyError(info.message);
      form.setErrors(toFormErrors(info.fieldErrors));
      return;
    }
    notifySuccess(COPY.created);
    await refreshAfterBrandWrite(utils);
    void navigate(sitePath('adminBrands'));
  };

  const showFirstError = (errors: FormErrors) => {
    const message = firstFormError(errors);
    if (message) notifyError(message);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The pictures live in the upload list; the schema checks them with the name.
    form.setFieldValue('images', uploads.images, { forceUpdate: false });
    form.onSubmit(save, showFirstError)(event);
  };

  // An added picture answers 'Please upload Brand Image' at once.
  const imageError = uploads.items.length > 0 ? undefined : form.errors['images'];

  return (
    <Stack gap="md" maw={720}>
      <Seo title={COPY.createTitle} description="Add a car brand to the catalogue." noIndex />
      <Title order={1} size="h2">
        {COPY.createTitle}
      </Title>
      {create.isPending ? (
        <PageLoader label={COPY.creating} minHeight={240} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form noValidate onSubmit={submit} aria-label={COPY.createTitle}>
            <Stack gap="lg">
              <TextInput label={COPY.nameLabel} required autoComplete="off" maxLength={80} key={form.key('name')} {...form.getInputProps('name')} />
              <div>
                <Input.Label labelElement="div" required mb={4}>
                  {COPY.imageLabel}
                </Input.Label>
                <ImageUploader
                  uploads={uploads}
                  label={COPY.imageLabel}
                  multiple={false}
                  hint={COPY.imageHint}
                  error={imageError ? String(imageError) : undefined}
                />
              </div>
              <FailedUploadsWarning uploads={uploads} />
              <Button type="submit" size="md" disabled={uploads.isUploading} style={{ alignSelf: 'flex-start' }}>
                {COPY.createButton}
              </Button>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
