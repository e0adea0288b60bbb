// The admin console for the SDK's tests (docs/admin.md): a staff account made with
// `kafenio admin create-user` (the password on stdin), signed in on the admin listener;
// every write carries the session's CSRF token.
import { execFileSync } from 'node:child_process';
import { assert } from './server.mjs';

export function createStaff(binary, db, name, password, role = 'owner') {
  execFileSync(binary, ['admin', 'create-user', name, '--role', role, '--db', db], { input: `${password}\n`, stdio: ['pipe', 'ignore', 'inherit'] });
}

export async function signInStaff(adminUrl, name, password) {
  const login = await fetch(`${adminUrl}/admin/api/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password, totp: '' }),
  });
  assert(login.status === 200, `staff sign-in: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const { csrf } = await login.json();
  return {
    // POST path (under /admin/api) with a JSON body: the answer's status and JSON.
    async post(path, body = {}) {
      const answer = await fetch(`${adminUrl}/admin/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
        body: JSON.stringify(body),
      });
      const text = await answer.text();
      assert(answer.status === 200, `POST ${path}: ${answer.status} ${text}`);
      return JSON.parse(text);
    },
  };
}
