// Type-level tests, checked by `nx run web-trpc-client:typecheck`: the client's view of the API
// must stay the shared contracts. A change to a procedure's output that drifts from its zod
// contract fails the typecheck here instead of a page at run time.
import type { Brand } from '@dealership/brand-schemas';
import type { Car, CarListInput, CarPage } from '@dealership/car-model';
import type { OrderStatus } from '@dealership/order-schemas';
import type { RouterInputs, RouterOutputs } from './trpc';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type ContractTypeTests = [
  Expect<Equals<RouterOutputs['car']['list'], CarPage>>,
  Expect<Equals<RouterInputs['car']['list'], CarListInput>>,
  Expect<Equals<RouterOutputs['car']['latest'], Car[]>>,
  Expect<Equals<RouterOutputs['car']['featured'], Car[]>>,
  Expect<Equals<RouterOutputs['car']['bySlug'], Car>>,
  Expect<Equals<RouterOutputs['car']['related'], Car[]>>,
  Expect<Equals<RouterOutputs['brand']['list'], Brand[]>>,
  Expect<Equals<RouterOutputs['brand']['bySlug'], Brand>>,
  Expect<Equals<RouterOutputs['order']['statuses'], OrderStatus[]>>,
];
