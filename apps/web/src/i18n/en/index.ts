import { chrome } from './chrome';
import { common } from './common';
import { dashboard } from './dashboard';
import { errors } from './errors';
import { form } from './form';
import { loader } from './loader';
import { signin } from './signin';
import { sitePicker } from './site-picker';
import { table } from './table';

/** English translation table: one file per area, so each feature adds its own file and one line here. */
export const en = {
  chrome,
  common,
  dashboard,
  errors,
  form,
  loader,
  signin,
  sitePicker,
  table,
} as const;
