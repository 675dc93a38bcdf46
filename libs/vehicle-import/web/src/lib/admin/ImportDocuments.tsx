import { openPrivateDocument, PRIVATE_DOCUMENT_TYPES, uploadPrivateDocument } from '@dealership/media-web';
import type { VehicleImport } from '@dealership/vehicle-import-schemas';
import { useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Anchor, Button, Checkbox, FileButton, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * An import's papers (auction sheet, export certificate, bill of lading...): staff attach a PDF or
 * a picture with its title, choose whether the buyer's tracking page shows it, open or remove it.
 */
export function ImportDocuments({ vehicleImport }: { vehicleImport: VehicleImport }) {
  const token = useAuth().session?.token ?? null;
  const utils = trpc.useUtils();
  const share = trpc.vehicleImport.shareDocument.useMutation();
  const remove = trpc.vehicleImport.removeDocument.useMutation();
  const [title, setTitle] = useState('');
  const [shared, setShared] = useState(true);
  const [busy, setBusy] = useState(false);
  const refresh = (updated: VehicleImport) => utils.vehicleImport.byId.setData({ id: vehicleImport.id }, updated);

  const attach = async (file: File | null) => {
    if (!file) return;
    if (!title.trim()) {
      notifyError('Give the paper a title first (e.g. Bill of lading)');
      return;
    }
    setBusy(true);
    try {
      const url = `/api/imports/${vehicleImport.id}/documents?title=${encodeURIComponent(title.trim())}&shared=${shared}`;
      refresh(await uploadPrivateDocument<VehicleImport>(url, file, token));
      notifySuccess(`${title.trim()} attached`);
      setTitle('');
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The paper could not be attached');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {vehicleImport.documents.length === 0 ? (
        <Text size="sm" c="gray.7">
          No papers yet.
        </Text>
      ) : (
        vehicleImport.documents.map((document) => (
          <Group key={document.id} justify="space-between" gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={() => void openPrivateDocument(document, token).catch((error: Error) => notifyError(error.message))}>
              {document.title} ({document.contentType === 'application/pdf' ? 'PDF' : 'picture'}, {kb(document.byteSize)})
            </Anchor>
            <Group gap="xs">
              <Switch
                size="xs"
                label="Buyer sees it"
                checked={document.sharedWithBuyer}
                onChange={(event) =>
                  void share
                    .mutateAsync({ documentId: document.id, sharedWithBuyer: event.currentTarget.checked })
                    .then(refresh)
                    .catch((error: Error) => notifyError(error.message))
                }
              />
              <Button size="xs" variant="subtle" color="red" onClick={() => void remove.mutateAsync({ documentId: document.id }).then(refresh).catch((error: Error) => notifyError(error.message))}>
                Remove
              </Button>
            </Group>
          </Group>
        ))
      )}
      <Group align="flex-end" gap="xs">
        <TextInput label="Title" placeholder="Bill of lading" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maw={260} />
        <Checkbox label="Buyer sees it" checked={shared} onChange={(event) => setShared(event.currentTarget.checked)} mb={8} />
        <FileButton accept={PRIVATE_DOCUMENT_TYPES} onChange={(file) => void attach(file)}>
          {(props) => (
            <Button variant="light" loading={busy} {...props}>
              Attach a paper
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
