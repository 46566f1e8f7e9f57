export { type FieldProps, PasswordField, TextField, useFieldMessage } from './fields';
export { ruleCheckSchema, useContractForm } from './use-contract-form';
