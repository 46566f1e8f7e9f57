export {
  CheckboxesField,
  CheckboxField,
  MultiSelectField,
  RadioField,
  SelectField,
  SitePickerField,
  TextareaField,
} from './choice-fields';
export { type FieldProps, PasswordField, TextField, useFieldMessage } from './fields';
export { ruleCheckSchema, useContractForm } from './use-contract-form';
