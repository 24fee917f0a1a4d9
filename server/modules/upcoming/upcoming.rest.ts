// REST doors to the 'Currently' cards (/api/upcoming), as the original client calls them.
import { AppError } from '../../errors.ts';
import type { Api } from '../../http/rest-router.ts';
import { formBody, isMultipart } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { requireAdmin } from '../auth/permissions.ts';
import { imageJson } from '../media/image-json.ts';
import type { ImageUrls } from '../media/image-urls.ts';
import type { UpcomingCardWithImage } from './upcoming.service.ts';

export function cardJson(card: UpcomingCardWithImage, urls: ImageUrls) {
  return { _id: card.id, title: card.title, subtitle: card.subtitle, image: imageJson(card.image, urls) };
}

export function registerUpcomingRoutes(api: Api, services: Services): void {
  api.get('/upcoming', async (c) =>
    c.json((await services.upcoming.list()).map((card) => cardJson(card, services.imageUrls))),
  );

  api.post('/upcoming', async (c) => {
    requireAdmin(c.get('context').viewer);
    if (!isMultipart(c)) throw new AppError('BAD_USER_INPUT', 'The request body must be multipart/form-data');
    const form = await formBody(c);
    const files = form.getAll('image').filter((value): value is File => typeof value !== 'string');
    const card = await services.upcoming.create({
      title: form.text('title'),
      subtitle: form.text('subtitle'),
      image: files[0] ?? null,
    });
    return c.json(cardJson(card, services.imageUrls), 201);
  });

  api.delete('/upcoming/:id', async (c) => {
    requireAdmin(c.get('context').viewer);
    await services.upcoming.delete(c.req.param('id'));
    return c.json({ message: 'Card has been deleted' });
  });
}
