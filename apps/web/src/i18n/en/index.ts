import { account } from './account';
import { apiKeys } from './api-keys';
import { appSettings } from './app-settings';
import { backgroundJobs } from './background-jobs';
import { chrome } from './chrome';
import { common } from './common';
import { dashboard } from './dashboard';
import { errors } from './errors';
import { form } from './form';
import { help } from './help';
import { identity } from './identity';
import { invoicing } from './invoicing';
import { language } from './language';
import { loader } from './loader';
import { notifications } from './notifications';
import { permitAdd } from './permit-add';
import { permitAllowances } from './permit-allowances';
import { permitBulk } from './permit-bulk';
import { permitDetail, permitEdit, permitTickets } from './permit-detail';
import { permitCancel, permitExpire, permitUpload } from './permit-expire';
import { permits } from './permits';
import { privacy } from './privacy';
import { reports } from './reports';
import { roles } from './roles';
import { signin } from './signin';
import { sitePicker } from './site-picker';
import { statistics } from './statistics';
import { supportContact } from './support-contact';
import { table } from './table';
import { tickets } from './tickets';
import { userAccounts } from './user-accounts';
import { visitors } from './visitors';
import { webhooks } from './webhooks';

/** English translation table: one file per area, so each feature adds its own file and one line here. */
export const en = {
  account,
  apiKeys,
  webhooks,
  appSettings,
  chrome,
  common,
  dashboard,
  errors,
  form,
  help,
  identity,
  invoicing,
  loader,
  notifications,
  permitAdd,
  permitAllowances,
  backgroundJobs,
  permitBulk,
  permitDetail,
  permitEdit,
  permitCancel,
  permitExpire,
  permitUpload,
  permits,
  permitTickets,
  privacy,
  reports,
  roles,
  signin,
  sitePicker,
  statistics,
  supportContact,
  table,
  tickets,
  userAccounts,
  visitors,
  language,
} as const;
