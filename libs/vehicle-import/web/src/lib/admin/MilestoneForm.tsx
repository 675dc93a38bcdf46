import { nairobiDate } from '@dealership/shared-util';
import {
  IMPORT_MILESTONE_LABELS,
  IMPORT_MILESTONES,
  MILESTONE_FIELD_LABELS,
  MilestoneRecordInputSchema,
  type ImportMilestone,
  type MilestoneRecordInput,
  type VehicleImport,
} from '@dealership/vehicle-import-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { Button, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { formatDay, nextMilestone } from './import-words';
import { showRefusal, useImportWrite } from './import-write';

interface MilestoneValues {
  milestone: ImportMilestone;
  occurredOn: string;
  /** The chosen milestone's own fields, by name: text as typed, numbers as NumberInput gives them. */
  fields: Record<string, string | number>;
  staffNote: string;
}

const MILESTONE_OPTIONS = IMPORT_MILESTONES.map((milestone) => ({ value: milestone, label: IMPORT_MILESTONE_LABELS[milestone] }));

/** A milestone's values in the form: what was recorded (a correction), or a blank one dated today. */
function valuesFor(vehicleImport: VehicleImport, milestone: ImportMilestone): MilestoneValues {
  const recorded = vehicleImport.milestones.find((entry) => entry.milestone === milestone);
  const fields = Object.fromEntries(
    MILESTONE_FIELD_LABELS[milestone].map(({ name }) => {
      const value = recorded?.fields[name];
      return [name, typeof value === 'number' || typeof value === 'string' ? value : ''];
    }),
  );
  return { milestone, occurredOn: recorded?.occurredOn ?? nairobiDate(), fields, staffNote: recorded?.staffNote ?? '' };
}

/** What is sent: the chosen milestone's fields only, the empty ones left out (the schema's optional ones). */
function inputOf(importId: string, values: MilestoneValues): MilestoneRecordInput {
  const fields: Record<string, unknown> = {};
  for (const { name, kind } of MILESTONE_FIELD_LABELS[values.milestone]) {
    const value = values.fields[name];
    const typed = typeof value === 'string' ? value.trim() : value;
    if (typed === '' || typed === undefined) continue;
    fields[name] = kind === 'number' ? Number(typed) : typed;
  }
  return { importId, milestone: values.milestone, occurredOn: values.occurredOn.trim(), fields, staffNote: values.staffNote.trim() || undefined };
}

/** The same schema as the server's, its issues keyed as the form's inputs are (`fields.vessel`). */
function validate(importId: string, values: MilestoneValues): FormErrors {
  const parsed = MilestoneRecordInputSchema.safeParse(inputOf(importId, values));
  const errors: FormErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The form's input a refusal names. The server's zod messages come keyed by the top field only
 * (`fields`: "Vessel is required"): the milestone field whose label starts the message gets it.
 */
function refusedInput(milestone: ImportMilestone, field: string, message: string): string {
  if (field !== 'fields') return field;
  const named = MILESTONE_FIELD_LABELS[milestone].find(({ label }) => message.startsWith(label));
  return named ? `fields.${named.name}` : field;
}

/**
 * Records a milestone of an import, or corrects one already recorded (choosing it fills in what was
 * saved). Starts on the milestone after the import's stage, dated today in Nairobi.
 */
export function MilestoneForm({ vehicleImport, onDone }: { vehicleImport: VehicleImport; onDone: () => void }) {
  const record = trpc.vehicleImport.recordMilestone.useMutation();
  const write = useImportWrite(onDone);
  const form = useForm<MilestoneValues>({
    initialValues: valuesFor(vehicleImport, nextMilestone(vehicleImport.stage) ?? 'delivered'),
    validate: (values) => validate(vehicleImport.id, values),
  });
  const { milestone } = form.values;
  const recorded = vehicleImport.milestones.find((entry) => entry.milestone === milestone);
  const visible = new Set(['milestone', 'occurredOn', 'staffNote', ...MILESTONE_FIELD_LABELS[milestone].map(({ name }) => `fields.${name}`)]);

  const save = (values: MilestoneValues) =>
    write(
      () => record.mutateAsync(inputOf(vehicleImport.id, values)),
      `${IMPORT_MILESTONE_LABELS[values.milestone]} ${recorded ? 'corrected' : 'recorded'}`,
      (error) =>
        showRefusal(error, form.setErrors, (field, message) => {
          const input = refusedInput(values.milestone, field, message);
          return visible.has(input) ? input : null;
        }),
    );

  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label="Record milestone">
      <Stack gap="sm">
        <Select
          label="Milestone"
          data={MILESTONE_OPTIONS}
          allowDeselect={false}
          description={recorded ? `Recorded on ${formatDay(recorded.occurredOn)}: saving corrects it` : undefined}
          {...form.getInputProps('milestone')}
          onChange={(value) => {
            if (!value) return;
            form.setValues(valuesFor(vehicleImport, value as ImportMilestone));
            form.clearErrors();
          }}
        />
        <TextInput label="Date" placeholder="YYYY-MM-DD" required {...form.getInputProps('occurredOn')} />
        {MILESTONE_FIELD_LABELS[milestone].map(({ name, label, kind, required }) =>
          kind === 'number' ? (
            <NumberInput
              key={`${milestone}.${name}`}
              label={label}
              required={required}
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              {...form.getInputProps(`fields.${name}`)}
            />
          ) : (
            <TextInput
              key={`${milestone}.${name}`}
              label={label}
              required={required}
              placeholder={kind === 'date' ? 'YYYY-MM-DD' : undefined}
              {...form.getInputProps(`fields.${name}`)}
            />
          ),
        )}
        <Textarea label="Staff note" description="The buyer never sees it" autosize minRows={2} {...form.getInputProps('staffNote')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Save milestone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
