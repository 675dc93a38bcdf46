import type { ImageRef } from '@dealership/media-schemas';
import { openPrivateDocument, PICKABLE_IMAGE_TYPES, PRIVATE_DOCUMENT_TYPES, uploadImage } from '@dealership/media-web';
import type { CertificateFile, PointStatus } from '@dealership/inspection-schemas';
import { describeApiError, useAuth } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { uploadCertificate } from './certificate-file';

interface PointEntry {
  status: PointStatus;
  note: string;
  photo?: ImageRef;
}

const STATUS_OPTIONS = [
  { value: 'pass', label: 'Pass' },
  { value: 'attention', label: 'Attention' },
  { value: 'fail', label: 'Fail' },
];

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });

/** Uploads a picture through the media store (re-encoded as WebP); undefined when it failed (the toast says why). */
function useUpload() {
  const { session } = useAuth();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null): Promise<ImageRef | undefined> => {
    if (!file) return undefined;
    setBusy(true);
    try {
      const { url, publicId } = await uploadImage(file, { token: session?.token ?? null, fileName: file.name });
      return { url, publicId };
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The upload failed');
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { upload, busy };
}

/**
 * A car's inspection over the checklist in force on its date: every point starts as a pass, the
 * staff change the few that need attention (a note and a photo each). Saving replaces the car's
 * earlier inspection.
 */
export function InspectionForm({ carId, carName, onDone }: { carId: string; carName: string; onDone: () => void }) {
  const { session } = useAuth();
  const utils = trpc.useUtils();
  const existing = trpc.inspection.byCar.useQuery({ carId });
  const [inspectedOn, setInspectedOn] = useState(today());
  const checklist = trpc.inspection.checklistInForce.useQuery({ on: inspectedOn }, { enabled: /^\d{4}-\d\d-\d\d$/.test(inspectedOn) });
  const record = trpc.inspection.record.useMutation();
  const addCertificate = async (file: File | null) => {
    if (!file) return;
    setCertificateBusy(true);
    try {
      setCertificate(await uploadCertificate(file, session?.token ?? null));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The certificate could not be uploaded');
    } finally {
      setCertificateBusy(false);
    }
  };
  const [inspector, setInspector] = useState(session?.user.name ?? '');
  const [odometerKm, setOdometerKm] = useState<number | string>('');
  const [auctionGrade, setAuctionGrade] = useState('');
  const [auctionInteriorGrade, setAuctionInteriorGrade] = useState('');
  const [exportCertificateKm, setExportCertificateKm] = useState<number | string>('');
  const [certificate, setCertificate] = useState<CertificateFile | undefined>();
  const [certificateBusy, setCertificateBusy] = useState(false);
  const [certificatePublic, setCertificatePublic] = useState(false);
  const [points, setPoints] = useState<Record<number, PointEntry>>({});
  const { upload, busy } = useUpload();

  // An earlier inspection fills the form (its points too, when made over the same version).
  const loaded = existing.data;
  useEffect(() => {
    if (!loaded) return;
    setInspectedOn(loaded.inspectedOn);
    setInspector(loaded.inspector);
    setOdometerKm(loaded.odometerKm);
    setAuctionGrade(loaded.auctionGrade ?? '');
    setAuctionInteriorGrade(loaded.auctionInteriorGrade ?? '');
    setExportCertificateKm(loaded.exportCertificateKm ?? '');
    setCertificate(loaded.certificate ?? undefined);
    setCertificatePublic(loaded.certificatePublic);
    setPoints(Object.fromEntries(loaded.results.map((result) => [result.point, { status: result.status, note: result.note ?? '', photo: result.photo }])));
  }, [loaded]);

  const setPoint = (point: number, change: Partial<PointEntry>) =>
    setPoints((all) => ({ ...all, [point]: { ...(all[point] ?? { status: 'pass', note: '' }), ...change } }));

  const woundBack = typeof odometerKm === 'number' && typeof exportCertificateKm === 'number' && odometerKm < exportCertificateKm;

  const save = async () => {
    if (!checklist.data) return;
    try {
      await record.mutateAsync({
        carId,
        checklistId: checklist.data.id,
        inspectedOn,
        inspector,
        odometerKm: Number(odometerKm),
        results: Object.entries(points)
          .filter(([, entry]) => entry.status !== 'pass' || entry.note.trim() || entry.photo)
          .map(([point, entry]) => ({ point: Number(point), status: entry.status, note: entry.note, photo: entry.photo })),
        auctionGrade,
        auctionInteriorGrade,
        exportCertificateKm: exportCertificateKm === '' ? undefined : Number(exportCertificateKm),
        certificateId: certificate?.id,
        certificatePublic,
      });
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(`Inspection of ${carName} saved`);
    await utils.inspection.invalidate();
    onDone();
  };

  let number = 0;
  const areas = (checklist.data?.areas ?? []).map((area) => ({ name: area.name, points: area.points.map((name) => ({ name, number: number++ })) }));

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Inspection of {carName}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput type="date" label="Inspected on" value={inspectedOn} onChange={(event) => setInspectedOn(event.currentTarget.value)} required />
        <TextInput label="Inspector" value={inspector} onChange={(event) => setInspector(event.currentTarget.value)} required />
        <NumberInput
          label="Odometer (km)"
          value={odometerKm}
          onChange={setOdometerKm}
          min={0}
          thousandSeparator=","
          required
          error={woundBack ? 'The odometer reads less than the export certificate: a wound-back odometer cannot be recorded' : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Auction grade" placeholder="4.5" value={auctionGrade} onChange={(event) => setAuctionGrade(event.currentTarget.value)} />
        <TextInput
          label="Interior grade"
          placeholder="B"
          value={auctionInteriorGrade}
          onChange={(event) => setAuctionInteriorGrade(event.currentTarget.value)}
        />
        <NumberInput label="Export certificate mileage (km)" value={exportCertificateKm} onChange={setExportCertificateKm} min={0} thousandSeparator="," />
      </SimpleGrid>
      <Group align="center">
        <FileButton accept={PRIVATE_DOCUMENT_TYPES} onChange={(file) => void addCertificate(file)}>
          {(props) => (
            <Button variant="light" loading={certificateBusy} {...props}>
              {certificate ? 'Replace the certificate' : 'Add the pre-shipment certificate'}
            </Button>
          )}
        </FileButton>
        {certificate ? (
          <Anchor component="button" type="button" size="sm" onClick={() => void openPrivateDocument(certificate, session?.token ?? null).catch((error: Error) => notifyError(error.message))}>
            View {certificate.contentType === 'application/pdf' ? '(PDF)' : ''}
          </Anchor>
        ) : null}
        <Switch label="Buyers may see the certificate" checked={certificatePublic} onChange={(event) => setCertificatePublic(event.currentTarget.checked)} />
      </Group>
      <Text size="sm" c="gray.7">
        {checklist.data
          ? `Checklist in force from ${checklist.data.effectiveFrom}: ${checklist.data.pointCount} points, all passed until you change one.`
          : checklist.isError
            ? 'No checklist is in force on this date.'
            : 'Loading the checklist…'}
      </Text>
      <Accordion multiple variant="separated">
        {areas.map((area) => {
          const flagged = area.points.filter((point) => (points[point.number]?.status ?? 'pass') !== 'pass').length;
          return (
            <Accordion.Item key={area.name} value={area.name}>
              <Accordion.Control>
                <Group gap="xs">
                  {area.name}
                  <Badge color={flagged ? 'orange' : 'green'} variant="light">
                    {flagged ? `${flagged} flagged` : `${area.points.length} passed`}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {area.points.map((point) => {
                    const entry = points[point.number] ?? { status: 'pass' as const, note: '' };
                    return (
                      <Stack key={point.number} gap={4}>
                        <Group justify="space-between" gap="xs">
                          <Text size="sm">{point.name}</Text>
                          <SegmentedControl
                            size="xs"
                            aria-label={point.name}
                            data={STATUS_OPTIONS}
                            value={entry.status}
                            onChange={(status) => setPoint(point.number, { status: status as PointStatus })}
                          />
                        </Group>
                        {entry.status !== 'pass' ? (
                          <Group align="flex-end">
                            <TextInput
                              aria-label={`Note on ${point.name}`}
                              placeholder="What needs doing"
                              value={entry.note}
                              onChange={(event) => setPoint(point.number, { note: event.currentTarget.value })}
                              style={{ flex: 1 }}
                            />
                            <FileButton
                              accept={PICKABLE_IMAGE_TYPES.join(',')}
                              onChange={(file) => void upload(file).then((photo) => photo && setPoint(point.number, { photo }))}
                            >
                              {(props) => (
                                <Button size="xs" variant="light" loading={busy} {...props}>
                                  {entry.photo ? 'Replace photo' : 'Add photo'}
                                </Button>
                              )}
                            </FileButton>
                          </Group>
                        ) : null}
                      </Stack>
                    );
                  })}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <Group>
        <Button onClick={() => void save()} loading={record.isPending} disabled={!checklist.data || woundBack || odometerKm === '' || !inspector.trim()}>
          {loaded ? 'Replace the inspection' : 'Save the inspection'}
        </Button>
        <Button variant="subtle" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
