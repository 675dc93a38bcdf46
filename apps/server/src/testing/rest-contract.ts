import { OpenApiDocumentService } from '@dealership/server-openapi';
import { type ContractCheck, checkRestContract } from '@dealership/server-openapi/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { CreateAppOptions } from '../create-app';

/**
 * `createApp` options under which every answer `app.inject` gets from a REST route is checked
 * against the document the app serves at `/api/openapi.json` (a mismatch rejects the call with
 * a `ContractViolationError`); `check()` gives the routes Fastify registered and what was checked.
 */
export function restContractOptions(): Required<Pick<CreateAppOptions, 'onCreated'>> & { check: () => ContractCheck } {
  let contract: ContractCheck | undefined;
  return {
    onCreated: (app: NestFastifyApplication) => {
      contract = checkRestContract(app, () => app.get(OpenApiDocumentService).document);
    },
    check: () => {
      if (!contract) throw new Error('createApp has not run with these options');
      return contract;
    },
  };
}
