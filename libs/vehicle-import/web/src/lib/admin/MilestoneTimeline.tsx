import { formatAmount } from '@dealership/shared-util';
import { IMPORT_MILESTONE_LABELS, IMPORT_MILESTONES, MILESTONE_FIELD_LABELS, type VehicleImport } from '@dealership/vehicle-import-schemas';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { DAY_PATTERN, formatDay } from './import-words';

/** A recorded field's value as read: numbers with separators, dates as days. */
function shownValue(value: unknown, kind: 'text' | 'number' | 'date'): string {
  if (typeof value === 'number') return formatAmount(value);
  if (typeof value !== 'string') return '';
  return kind === 'date' && DAY_PATTERN.test(value) ? formatDay(value) : value;
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** The estimator's rates on the day duty was paid, beside KRA's figures. */
function DutyRates({ rates }: { rates: NonNullable<VehicleImport['dutyRatesOnDutyPaid']> }) {
  return (
    <Text size="sm" c="gray.7" mt={4}>
      Our estimator's rates that day (set of {formatDay(rates.effectiveFrom)}): import duty {percent(rates.importDuty)}, excise {percent(rates.exciseSmall)}-
      {percent(rates.exciseLarge)}, VAT {percent(rates.vat)}, IDF {percent(rates.idf)}, RDL {percent(rates.rdl)}
    </Text>
  );
}

/**
 * The ten milestones in order: the ones reached with their date, fields and the staff's note
 * (marked as never shown to the buyer); the others greyed.
 */
export function MilestoneTimeline({ vehicleImport }: { vehicleImport: VehicleImport }) {
  const reached = new Map(vehicleImport.milestones.map((entry) => [entry.milestone, entry]));
  const active = vehicleImport.stage ? IMPORT_MILESTONES.indexOf(vehicleImport.stage) : -1;
  return (
    <Timeline active={active} bulletSize={16} lineWidth={2} aria-label="Milestones">
      {IMPORT_MILESTONES.map((milestone) => {
        const entry = reached.get(milestone);
        const label = IMPORT_MILESTONE_LABELS[milestone];
        if (!entry) {
          return (
            <Timeline.Item key={milestone} title={label} c="gray.6">
              <Text size="sm" c="gray.6">
                Not yet
              </Text>
            </Timeline.Item>
          );
        }
        const details = MILESTONE_FIELD_LABELS[milestone]
          .map(({ name, label: fieldLabel, kind }) => ({ label: fieldLabel, value: shownValue(entry.fields[name], kind) }))
          .filter((detail) => detail.value);
        return (
          <Timeline.Item
            key={milestone}
            title={
              <Group gap="xs">
                <span>{label}</span>
                {entry.correctedAt ? (
                  <Badge size="xs" variant="light" color="gray">
                    corrected
                  </Badge>
                ) : null}
              </Group>
            }
          >
            <Text size="sm" c="gray.7">
              {formatDay(entry.occurredOn)}
              {entry.recordedBy ? ` · ${entry.recordedBy}` : ''}
            </Text>
            {details.map((detail) => (
              <Text key={detail.label} size="sm">
                {detail.label}: {detail.value}
              </Text>
            ))}
            {milestone === 'duty-paid' && vehicleImport.dutyRatesOnDutyPaid ? <DutyRates rates={vehicleImport.dutyRatesOnDutyPaid} /> : null}
            {entry.staffNote ? (
              <Text size="sm" mt={4} p={6} bg="yellow.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                <Text span fw={600} size="sm">
                  Staff note (the buyer never sees it):
                </Text>{' '}
                {entry.staffNote}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
