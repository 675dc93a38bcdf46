export {
  startBraintreeStub,
  braintreeGatewayForStub,
  type BraintreeStub,
  type BraintreeStubBehaviour,
  type BraintreeStubOptions,
  type BraintreeStubRequest,
  type BraintreeStubSale,
} from './braintree-stub';
export { thrown } from './thrown';
