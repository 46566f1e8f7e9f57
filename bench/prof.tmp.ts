import { spawn } from 'node:child_process';
import readline from 'node:readline';
import autocannon from 'autocannon';
const which = process.argv[2]!; // project | bare
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof/' + which, '--import', 'tsx', 'bench/scale-server.ts'], {
  env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lead_scale' }, stdio: ['ignore', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: child.stdout! });
let s: any;
for await (const line of lines) if (line.startsWith('{')) { s = JSON.parse(line); break; }
const url = which === 'project' ? `http://127.0.0.1:${s.project}/api/permits/_count` : `http://127.0.0.1:${s.bare}/bare/permits/_count`;
const headers = which === 'project' ? { authorization: s.admin } : {};
await autocannon({ url, headers, connections: 8, amount: 2000 });
const stat = () => require('node:fs').readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ');
const fs = await import('node:fs');
const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' '); return Number(f[13]) + Number(f[14]); };
const before = cpu();
const r = await autocannon({ url, headers, connections: 8, amount: 30000 });
const after = cpu();
console.log(which, 'req/s', r.requests.average, 'cpu us/req', ((after - before) * 10000 / 30000).toFixed(0), 'non2xx', r.non2xx);
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
