import { type FormErrors, schemaResolver } from '@mantine/form';
import { useCallback, useState } from 'react';

/** The lead contract's zod schemas the forms check with (lead-contract.ts). */
export type LeadContractModule = typeof import('./lead-contract');

let contract: LeadContractModule | undefined;
let loading: Promise<LeadContractModule> | undefined;

/**
 * The lead contract's schemas, fetched on demand: the forms' pages (/contact, /services) load
 * without zod (about 30 KB of gzip JS) and fetch it when a visitor first focuses a field or sends
 * a form. The constants the forms show (lengths, bands, conditions) come with the page
 * (lead.constants.ts, no zod).
 */
export function loadLeadContract(): Promise<LeadContractModule> {
  return (loading ??= import('./lead-contract').then(
    (module) => (contract = module),
    (error: unknown) => {
      // A failed fetch (a dropped connection) is tried again on the next focus or send.
      loading = undefined;
      throw error;
    },
  ));
}

/** Starts fetching the schemas (a form's first focus): by the time the visitor sends, they are here. */
export const preloadLeadContract = (): void => void loadLeadContract().catch(() => undefined);

/**
 * A form validator from one of the contract's schemas, as `useForm({ validate })` takes it: it
 * checks with the server's own schema once that is loaded, and passes everything before (the send
 * waits for the schemas and checks again, see `useSendLead`).
 */
export function lazyResolver<Values>(pick: (contract: LeadContractModule) => Parameters<typeof schemaResolver>[0]): (values: Values) => FormErrors {
  let resolve: ((values: Values) => FormErrors) | undefined;
  return (values) => {
    if (!contract) return {};
    resolve ??= schemaResolver(pick(contract), { sync: true }) as (values: Values) => FormErrors;
    return resolve(values);
  };
}

/**
 * The schemas for a send: `load` fetches them if the form had not yet (`checking` meanwhile) and
 * resolves to undefined when they could not be fetched (the form says so and the visitor retries).
 */
export function useLeadContractForSend(): { checking: boolean; load: () => Promise<LeadContractModule | undefined> } {
  const [checking, setChecking] = useState(false);
  const load = useCallback(async () => {
    setChecking(true);
    try {
      return await loadLeadContract();
    } catch {
      return undefined;
    } finally {
      setChecking(false);
    }
  }, []);
  return { checking, load };
}
