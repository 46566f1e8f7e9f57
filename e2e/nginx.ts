import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** Debian's nginx (`apt-get install nginx`); NGINX_PATH to use another. */
export const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxInstalled = fs.existsSync(nginxBinary);
/** The site the deployment guide documents (docs/deployment.md): the tests run this very file. */
export const siteTemplate = path.join(repoRoot, 'deploy/nginx/client-portal.conf');

export interface RunningNginx {
  /** https://127.0.0.1:<port>, the site's TLS and HTTP/2 listener. */
  url: string;
  /** The plain HTTP listener, which only redirects. */
  httpUrl: string;
  /** The self-signed certificate the site serves (for a client that checks it). */
  certificate: string;
  errorLog(): string;
  accessLog(): string;
  stop(): Promise<void>;
}

/** Fills in deploy/nginx/client-portal.conf; throws on a placeholder left unfilled. */
export function fillSite(values: Record<string, string>): string {
  const filled = fs
    .readFileSync(siteTemplate, 'utf8')
    .replace(/\{\{([A-Z0-9_]+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  const left = filled.match(/\{\{[A-Z0-9_]+\}\}/);
  if (left) throw new Error(`${siteTemplate}: ${left[0]} was not filled in`);
  return filled;
}

/**
 * Starts nginx in the foreground as an unprivileged process, with its pid, logs and temporary files in
 * a folder of its own, serving deploy/nginx/client-portal.conf (a self-signed certificate for
 * 127.0.0.1) in front of `upstreams` (host:port of the two web processes and of the downloads process).
 */
export async function startNginx(
  upstreams: { web: [string, string]; downloads: string },
  ports: { https: number; http: number },
  /** Debian's nginx.conf says `auto` (one per core); one is plenty for a test. */
  workerProcesses: number | 'auto' = 1,
): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-portal-nginx-'));
  const { https: httpsPort, http: httpPort } = ports;
  const certificate = path.join(dir, 'site.crt');
  const key = path.join(dir, 'site.key');
  const openssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
  fs.writeFileSync(
    path.join(dir, 'client-portal.conf'),
    fillSite({
      SERVER_NAME: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      TLS_CERTIFICATE: certificate,
      TLS_CERTIFICATE_KEY: key,
      WEB_1: upstreams.web[0],
      WEB_2: upstreams.web[1],
      DOWNLOADS: upstreams.downloads,
    }),
  );
  // What /etc/nginx/nginx.conf gives a site on a Debian machine, with every path in `dir`.
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    [
      `pid ${dir}/nginx.pid;`,
      `worker_processes ${workerProcesses};`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${dir}/${t}_temp;`,
      ),
      `  include ${dir}/client-portal.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  // As root (CI), nginx runs as nobody: it must never need privileges here.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', '65534:65534', dir]);
  const child: ChildProcess = spawn(
    nginxBinary,
    ['-p', dir, '-e', `${dir}/error.log`, '-c', main, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(asRoot && { uid: 65534, gid: 65534 }) },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const url = `https://127.0.0.1:${httpsPort}`;
  const pem = fs.readFileSync(certificate, 'utf8');
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}\n${read('error.log')}`);
    const status = await httpsGet(`${url}/api/health`, pem)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer:\n${output}\n${read('error.log')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    certificate: pem,
    errorLog: () => read('error.log'),
    accessLog: () => read('access.log'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A GET over TLS that checks the certificate against `ca` (the site's own, self-signed). */
export function httpsGet(
  url: string,
  ca: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${url} timed out`)));
  });
}
