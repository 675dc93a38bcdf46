export { checkRestContract, type ContractCheck, type ContractCheckOptions, ContractViolationError, type RegisteredRoute } from './contract-check';
export { openApiProblems } from './openapi-validity';
