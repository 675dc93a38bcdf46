import type { BrandRef } from '@dealership/brand-schemas';
import {
  BODY_TYPES,
  CAR_STATUSES,
  type CarCreateFields,
  type CarUpdateFields,
  CONDITIONS,
  DRIVES,
  EXTERIOR_COLOUR_SUGGESTIONS,
  FUEL_TYPES,
  INTERIOR_COLOUR_SUGGESTIONS,
  MULTI_WORD_MODELS,
  TRANSMISSIONS,
} from '@dealership/car-schemas';
import { FailedUploadsWarning, ImageUploader, type ImageUploads, type UploadItem } from '@dealership/media-web';
import { notifyError } from '@dealership/web-ui';
import {
  Alert,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  Input,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { ADMIN_CAR_COPY, CAR_FIELD_LABELS, type CarFieldName, VEHICLE_FIELD_HINTS } from './admin-car-copy';
import { BrandLogo, BrandOption } from './BrandOption';
import { type CarFormProblem, type CarFormValues, checkCarCreate, checkCarUpdate, fieldOfPath } from './car-form-values';
import classes from './CarForm.module.css';

/** Field messages the server sent back (`{ name: 'Car name is required' }`); nothing when it saved. */
export type CarFormResult = Record<string, string> | void;

/** What the form does on a valid submit: create a car, or update one. */
export type CarFormSubmit =
  | { mode: 'create'; onSubmit: (input: CarCreateFields) => Promise<CarFormResult> }
  | { mode: 'update'; carId: string; onSubmit: (input: CarUpdateFields) => Promise<CarFormResult> };

export interface CarFormProps {
  initialValues: CarFormValues;
  submit: CarFormSubmit;
  /** The brand picker's choices (create). */
  brands?: readonly BrandRef[];
  brandsLoading?: boolean;
  /** The brands could not be loaded: an error with a retry replaces the empty picker (create). */
  brandsError?: boolean;
  onRetryBrands?: () => void;
  brandsRetrying?: boolean;
  /** The allocated brand, shown read-only (update). */
  fixedBrand?: BrandRef | null;
  uploads: ImageUploads;
  /** Removes a picture already saved with the car (update: the server deletes it first). */
  onRemoveSavedImage?: (item: UploadItem) => void;
  /** Keys of saved pictures whose removal is in flight: their remove control and Submit wait for it. */
  pendingRemovals?: ReadonlySet<string>;
  submitLabel: string;
  /** Shows a Cancel button. */
  onCancel?: () => void;
}

const fieldId = (field: CarFieldName) => `car-field-${field}`;

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const THIS_YEAR = new Date().getFullYear();

/** A unit shown inside a number input, at its right ('cc', 'km'). */
const unit = (text: string, width = 48): NumberInputProps => ({
  rightSection: (
    <Text size="xs" c="dimmed" pr={4}>
      {text}
    </Text>
  ),
  rightSectionWidth: width,
  rightSectionPointerEvents: 'none',
});

/** Brings the field with the problem into view, and to the keyboard when it is an input. */
function revealField(field: CarFieldName) {
  const element = document.getElementById(fieldId(field));
  element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  // Typing fields take the focus; a picker would open its list, so it is only shown.
  const typing = (element instanceof HTMLInputElement && element.getAttribute('role') !== 'combobox') || element instanceof HTMLTextAreaElement;
  if (typing) element.focus({ preventScroll: true });
}

/**
 * The car form of Create Car and Update Car (spec §2, §3, §5): every field of a car, the brand
 * picker (or the allocated brand, read-only), and the picture list. A submit runs the shared
 * write schema; the first problem (in the spec's order of checks) is shown as a toast and on its
 * field, and nothing is sent. Submitting waits for the pictures still uploading.
 */
export function CarForm({
  initialValues,
  submit,
  brands,
  brandsLoading,
  brandsError,
  onRetryBrands,
  brandsRetrying,
  fixedBrand,
  uploads,
  onRemoveSavedImage,
  pendingRemovals,
  submitLabel,
  onCancel,
}: CarFormProps) {
  const form = useForm<CarFormValues>({ mode: 'controlled', initialValues });
  const [submitting, setSubmitting] = useState(false);
  // A picture being deleted on the server must not be saved back with the car.
  const removingImages = (pendingRemovals?.size ?? 0) > 0;

  const showProblem = ({ field, message }: CarFormProblem) => {
    form.setErrors({ [field]: message });
    notifyError(message);
    revealField(field);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || uploads.isUploading || removingImages) return;
    const values = form.getValues();
    const checked = submit.mode === 'create' ? checkCarCreate(values, uploads.images) : checkCarUpdate(submit.carId, values, uploads.images);
    if (!checked.ok) {
      showProblem(checked.problem);
      return;
    }
    form.clearErrors();
    setSubmitting(true);
    try {
      const serverErrors =
        submit.mode === 'create' ? await submit.onSubmit(checked.input as CarCreateFields) : await submit.onSubmit(checked.input as CarUpdateFields);
      if (serverErrors) {
        const errors: Partial<Record<CarFieldName, string>> = {};
        for (const [path, message] of Object.entries(serverErrors)) {
          const field = fieldOfPath(path);
          if (field && !errors[field]) errors[field] = message;
        }
        form.setErrors(errors);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const text = (field: 'name' | 'warranty' | 'stockNumber' | 'chassisNumber', required = false) => (
    <TextInput
      id={fieldId(field)}
      label={CAR_FIELD_LABELS[field]}
      withAsterisk={required}
      description={field === 'stockNumber' || field === 'chassisNumber' ? VEHICLE_FIELD_HINTS[field] : undefined}
      // Hints under the input, so the inputs of a row stay aligned.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );

  /** Free text with suggestions (the model, the colours): any value is kept, the list only helps. */
  const suggested = (field: 'model' | 'exteriorColour' | 'interiorColour', suggestions: readonly string[]) => (
    <Autocomplete
      id={fieldId(field)}
      label={CAR_FIELD_LABELS[field]}
      data={[...suggestions]}
      description={field === 'model' ? VEHICLE_FIELD_HINTS.model : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      comboboxProps={{ withinPortal: true }}
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );

  const number = (field: CarFieldName & keyof CarFormValues, props: NumberInputProps = {}) => (
    <NumberInput
      id={fieldId(field)}
      label={CAR_FIELD_LABELS[field]}
      min={1}
      allowNegative={false}
      allowDecimal={false}
      hideControls
      key={form.key(field)}
      {...form.getInputProps(field)}
      {...props}
    />
  );

  const choice = (field: 'fuelType' | 'transmission' | 'drive' | 'bodyType' | 'condition' | 'status', values: readonly string[], required = true) => (
    <Select
      id={fieldId(field)}
      label={CAR_FIELD_LABELS[field]}
      data={options(values)}
      withAsterisk={required}
      placeholder="Choose"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );

  const brandById = new Map((brands ?? []).map((brand) => [brand.id, brand]));
  const chosenBrand = form.values.brandId ? brandById.get(form.values.brandId) : undefined;
  const brandName = (chosenBrand ?? fixedBrand)?.name;
  const modelSuggestions = (brandName ? MULTI_WORD_MODELS[brandName] : undefined) ?? [];

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={submitLabel} className={classes.form}>
      <Stack gap="lg">
        <Fieldset legend="Brand and pictures" className={classes.fieldset}>
          <Stack gap="md">
            {submit.mode === 'create' && brandsError && !brands ? (
              <Input.Wrapper
                label={CAR_FIELD_LABELS.brandId}
                labelElement="div"
                withAsterisk
                id={fieldId('brandId')}
                error={typeof form.errors['brandId'] === 'string' ? form.errors['brandId'] : undefined}
              >
                <Alert variant="light" color="red" p="xs" maw={{ base: '100%', sm: 420 }}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{ADMIN_CAR_COPY.brandsFailed}</Text>
                    <Button size="xs" variant="white" color="red.8" onClick={onRetryBrands} loading={brandsRetrying}>
                      {ADMIN_CAR_COPY.retry}
                    </Button>
                  </Group>
                </Alert>
              </Input.Wrapper>
            ) : submit.mode === 'create' ? (
              <Select
                id={fieldId('brandId')}
                label={CAR_FIELD_LABELS.brandId}
                placeholder={brandsLoading ? 'Loading brands…' : 'Choose a brand'}
                withAsterisk
                searchable
                nothingFoundMessage="No brand of that name"
                data={(brands ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
                renderOption={({ option }) => {
                  const brand = brandById.get(option.value);
                  return brand ? <BrandOption brand={brand} /> : option.label;
                }}
                leftSection={chosenBrand ? <BrandLogo brand={chosenBrand} size={20} /> : undefined}
                maw={{ base: '100%', sm: 420 }}
                key={form.key('brandId')}
                {...form.getInputProps('brandId')}
              />
            ) : (
              // A shown value, not a control: the label is a div tied to nothing.
              <Input.Wrapper label={CAR_FIELD_LABELS.brandId} labelElement="div" id={fieldId('brandId')}>
                <div className={classes.fixedBrand}>{fixedBrand ? <BrandOption brand={fixedBrand} /> : <Text size="sm">No brand</Text>}</div>
              </Input.Wrapper>
            )}
            <Alert variant="light" color="yellow" className={classes.notice} p="xs">
              <Text size="sm">{ADMIN_CAR_COPY.brandNotice}</Text>
            </Alert>
            <div id={fieldId('images')}>
              <Input.Label labelElement="div" required mb={4}>
                {CAR_FIELD_LABELS.images}
              </Input.Label>
              <ImageUploader
                uploads={uploads}
                label={CAR_FIELD_LABELS.images}
                multiple
                onRemoveSaved={onRemoveSavedImage}
                pendingRemovals={pendingRemovals}
                hint="The first picture is the main one; drag to reorder."
                error={typeof form.errors['images'] === 'string' ? form.errors['images'] : undefined}
              />
            </div>
          </Stack>
        </Fieldset>

        <Fieldset legend="Details" className={classes.fieldset}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <div className={classes.wide}>{text('name', true)}</div>
            {suggested('model', modelSuggestions)}
            <Textarea
              id={fieldId('description')}
              label={CAR_FIELD_LABELS.description}
              withAsterisk
              autosize
              minRows={4}
              maxRows={12}
              className={classes.full}
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
            {number('price', { withAsterisk: true, thousandSeparator: ',', leftSection: <Text size="sm">sh.</Text> })}
            {choice('bodyType', BODY_TYPES)}
            {choice('condition', CONDITIONS, false)}
            {choice('status', CAR_STATUSES, false)}
            {text('warranty')}
            {text('stockNumber')}
            {text('chassisNumber')}
            {suggested('exteriorColour', EXTERIOR_COLOUR_SUGGESTIONS)}
            {suggested('interiorColour', INTERIOR_COLOUR_SUGGESTIONS)}
            <Switch
              id={fieldId('featured')}
              label={CAR_FIELD_LABELS.featured}
              description="Shown in the home page carousel"
              className={classes.switch}
              key={form.key('featured')}
              {...form.getInputProps('featured', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Specifications" className={classes.fieldset}>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
            {choice('fuelType', FUEL_TYPES)}
            {choice('transmission', TRANSMISSIONS)}
            {number('engineSize', { withAsterisk: true, min: 0, description: '0 for an electric car', thousandSeparator: ',', ...unit('cc') })}
            {number('mileage', { withAsterisk: true, thousandSeparator: ',', ...unit('km') })}
            {number('year', { withAsterisk: true, max: THIS_YEAR + 1, placeholder: String(THIS_YEAR) })}
            {number('seats', { max: 100 })}
            {choice('drive', DRIVES)}
            {number('horsepower', unit('Hp'))}
            {number('torque', unit('Nm'))}
            {number('accelerationSeconds', { allowDecimal: true, decimalScale: 1, ...unit('s, 0-100', 72) })}
            {number('groundClearanceMm', unit('mm'))}
            {number('fuelTankLitres', unit('Litres', 56))}
            {number('safetyRating', { max: 5, ...unit('of 5 stars', 80) })}
          </SimpleGrid>
        </Fieldset>

        <Group gap="sm" className={classes.actions}>
          <Button type="submit" size="md" loading={submitting} disabled={uploads.isUploading || removingImages} className={classes.action}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" size="md" variant="default" onClick={onCancel} disabled={submitting} className={classes.action}>
              {ADMIN_CAR_COPY.cancelButton}
            </Button>
          ) : null}
          {uploads.isUploading ? (
            <Text size="sm" c="dimmed">
              Saving waits until the pictures finish uploading.
            </Text>
          ) : null}
          {removingImages ? (
            <Text size="sm" c="dimmed">
              {ADMIN_CAR_COPY.removingImage}
            </Text>
          ) : null}
          <FailedUploadsWarning uploads={uploads} />
        </Group>
      </Stack>
    </form>
  );
}
