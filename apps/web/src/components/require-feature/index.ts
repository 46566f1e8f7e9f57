export { RequireFeature } from './require-feature';
