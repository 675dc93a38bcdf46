import { describeSearch, searchFromQuery } from '@dealership/alert-schemas';
import { trpc } from '@dealership/web-trpc-client';
import { Modal } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { AlertSignUp } from './AlertSignUp';

/** The sign-up for the /cars filters in the address (loaded on the button's click). */
export function SaveSearchDialog({ onClose }: { onClose: () => void }) {
  const [params] = useSearchParams();
  const filters = searchFromQuery(params);
  const save = trpc.alert.saveSearch.useMutation();
  return (
    <Modal opened onClose={onClose} title="Get alerts for this search" centered>
      <AlertSignUp what={describeSearch(filters) === 'All cars' ? 'every new car' : describeSearch(filters)} submit={(contact) => save.mutateAsync({ filters, contact })} />
    </Modal>
  );
}
