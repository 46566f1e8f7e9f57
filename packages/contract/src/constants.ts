/** Business constants shared by browser and server (platform spec section 9, operations spec section 9). */
export const FRONTEND_VERSION = '2.2.0';
export const API_VERSION = '2.2.0';

export const EMAIL_MAX = 256;
export const PASSWORD_MIN = 6;
export const SITE_INPUT_MAX = 10;
export const ROLE_NAME_MAX = 20;
export const TICKET_NUMBER_MAX = 12;
export const VEHICLE_REGISTRATION_MAX = 10;
export const DRIVER_NAME_MAX = 50;

export const TABLE_PAGE_SIZE = 10;
export const TABLE_PAGER_WINDOW = 5;

export const SESSION_REFRESH_MARGIN_MS = 30_000;
export const SLOW_LOAD_NOTICE_MS = 10_000;
export const CONFIG_RETRY_MS = 30_000;
/** While the portal is offline, open pages ask for the config this often, so they return within a minute of its end. */
export const MAINTENANCE_POLL_MS = 20_000;
/** Each API call gives up after this long; the try counts as failed and is retried (platform spec 7). */
export const API_TIMEOUT_MS = 5_000;
/** The detail of the 503 the API answers a write with while the portal is offline for maintenance. */
export const OFFLINE_DETAIL = 'The portal is offline for maintenance.';
export const HASH_RELOAD_DELAY_MS = 500;
export const BANNER_FADE_MS = 500;
export const FORM_FEEDBACK_DELAY_MS = 200;
export const SITE_PICKER_DEBOUNCE_MS = 300;
/** The site picker's popup stays this long after the field loses focus (a click on it still lands). */
export const SITE_PICKER_HIDE_DELAY_MS = 100;
export const SNOWFLAKE_COUNT = 20;

export const CONFIG_EXPIRES_IN_SECONDS = 300;
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 5;
export const RESET_CODE_HOURS = 24;

export const TEMPORARY_PERMIT_MAX_DAYS = 28;
export const PERMIT_START_MIN_DAYS_BACK = 3;
export const EXPIRING_SOON_DAYS = 7;
export const TICKET_ACTION_MAX_AGE_DAYS = 28;

/** Prefix of every local storage key the browser writes. */
export const STORAGE_PREFIX = 'clientPortal';
