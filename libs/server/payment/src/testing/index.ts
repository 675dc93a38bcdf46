export {
  startBraintreeStub,
  braintreeGatewayForStub,
  type BraintreeStub,
  type BraintreeStubBehaviour,
  type BraintreeStubOptions,
  type BraintreeStubRequest,
} from './braintree-stub';
