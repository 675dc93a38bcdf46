import { CHECKLIST_LIMITS } from '@dealership/inspection-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { checklistFromText, checklistToText } from './checklist-text';

/**
 * The owner's edit of the checklist, as the dated rate sets: a new version from a date, starting
 * from the latest one. Inspections keep the version they were made over.
 */
export function ChecklistEditor() {
  const utils = trpc.useUtils();
  const versions = trpc.inspection.checklists.useQuery();
  const create = trpc.inspection.createChecklist.useMutation();
  const [text, setText] = useState<string | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [note, setNote] = useState('');
  const latest = versions.data?.[0];
  const shown = text ?? (latest ? checklistToText(latest.areas) : '');
  const areas = checklistFromText(shown);
  const points = areas.reduce((n, area) => n + area.points.length, 0);

  const save = async () => {
    try {
      await create.mutateAsync({ effectiveFrom, areas, note });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(`Checklist from ${effectiveFrom} saved`);
    setText(null);
    setNote('');
    await utils.inspection.invalidate();
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Checklist
      </Title>
      <Text size="sm" c="gray.7">
        A new version applies to inspections from its date; earlier inspections keep theirs. One area per line starting with #, its points below it, one per
        line (at most {CHECKLIST_LIMITS.points} points).
      </Text>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>In force from</Table.Th>
            <Table.Th>Points</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(versions.data ?? []).map((version) => (
            <Table.Tr key={version.id}>
              <Table.Td>{version.effectiveFrom}</Table.Td>
              <Table.Td>{version.pointCount}</Table.Td>
              <Table.Td>{version.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Textarea
        label={`Points (${points} in ${areas.length} areas)`}
        value={shown}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={8}
        maxRows={24}
      />
      <Group align="flex-end">
        <TextInput type="date" label="In force from" value={effectiveFrom} onChange={(event) => setEffectiveFrom(event.currentTarget.value)} required />
        <TextInput label="What changed" value={note} onChange={(event) => setNote(event.currentTarget.value)} style={{ flex: 1 }} />
        <Button onClick={() => void save()} loading={create.isPending} disabled={!effectiveFrom || points === 0}>
          Save new version
        </Button>
      </Group>
    </Stack>
  );
}
