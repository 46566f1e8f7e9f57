import crypto from 'node:crypto';

/** Cookies as a browser would keep them across redirects (paths ignored: one provider, one test). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives a real authorization code flow with PKCE against the local provider over HTTP, the way a
 * browser would (following redirects, posting its sign-in form), and answers the provider's ID token.
 */
export async function obtainIdToken(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  username: string;
  password: string;
  nonce: string;
}): Promise<string> {
  const jar = new CookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const discovery = (await (await fetch(`${options.issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'test-state',
    nonce: options.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  let res = await go(auth.toString());
  let location = res.headers.get('location');
  for (let hops = 0; hops < 10 && location && !location.startsWith(options.redirectUri); hops++) {
    const url = new URL(location, options.issuer).toString();
    if (/\/interaction\/[\w-]+$/.test(new URL(url).pathname)) {
      const page = await go(url);
      const html = await page.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`No sign-in form at ${url}:\n${html}`);
      res = await go(new URL(action, options.issuer).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: options.username, password: options.password }).toString(),
      });
    } else {
      res = await go(url);
    }
    location = res.headers.get('location');
  }
  if (!location?.startsWith(options.redirectUri)) {
    throw new Error(`The flow did not come back to the portal: ${res.status} ${await res.text()}`);
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`No code in ${location}`);
  const token = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      client_id: options.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { id_token?: string; error?: string; error_description?: string };
  if (!body.id_token) throw new Error(`No ID token: ${body.error} ${body.error_description}`);
  return body.id_token;
}
