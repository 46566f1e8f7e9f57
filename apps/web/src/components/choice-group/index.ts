export { CheckboxGroupField, RadioGroupField } from './choice-group';
