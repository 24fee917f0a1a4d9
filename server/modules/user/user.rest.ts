// REST doors to the account services (/api/users), as the product's original clients call them.
// The user info they answer with is what the client stores under userInfo: { _id, name, email, isAdmin }.
import type { Api } from '../../http/rest-router.ts';
import { jsonBody, textField } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../auth/permissions.ts';
import { queueSessionCookie } from '../auth/session.service.ts';
import type { PublicUser } from './user.service.ts';

export function userInfoJson(user: PublicUser) {
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export function registerUserRoutes(api: Api, services: Services): void {
  api.post('/users/login', async (c) => {
    const body = await jsonBody(c);
    const { user, cookie } = await services.signIn.login(
      textField(body.email) ?? '',
      textField(body.password) ?? '',
      c.get('context').clientAddress,
      { replacesSessionId: c.get('context').sessionId },
    );
    queueSessionCookie(c.get('context').responseCookies, cookie);
    return c.json(userInfoJson(user));
  });

  // 202 and a message, never the account: the answer must not tell whether the e-mail had one.
  api.post('/users', async (c) => {
    const body = await jsonBody(c);
    const message = await services.users.register(
      {
        name: textField(body.name) ?? '',
        email: textField(body.email) ?? '',
        password: textField(body.password) ?? '',
      },
      c.get('context').clientAddress,
    );
    return c.json({ message }, 202);
  });

  api.post('/users/logout', async (c) => {
    queueSessionCookie(c.get('context').responseCookies, await services.signIn.logout(c.get('context').sessionId));
    return c.json({ message: 'Logged out successfully' });
  });

  api.get('/users/profile', (c) => c.json(userInfoJson(requireUser(c.get('context').viewer))));

  api.put('/users/profile', async (c) => {
    const viewer = requireUser(c.get('context').viewer);
    const body = await jsonBody(c);
    const user = await services.users.updateProfile(
      viewer,
      { sessionId: c.get('context').sessionId, clientAddress: c.get('context').clientAddress },
      {
        name: textField(body.name),
        email: textField(body.email),
        password: textField(body.password),
        currentPassword: textField(body.currentPassword),
      },
    );
    return c.json(userInfoJson(user));
  });
}
