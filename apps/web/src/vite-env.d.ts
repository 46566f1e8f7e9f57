/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build id from build/build-hash-plugin.ts; compared with the ApplicationHash config entry. */
  readonly VITE_APP_BUILD_HASH: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
