import multipart from '@fastify/multipart';
import Fastify, { type FastifyRequest } from 'fastify';
import { type LegacyForm, readLegacyForm } from './legacy-form';

describe('readLegacyForm', () => {
  it('reads a JSON body as fields without files; anything but an object is no fields', async () => {
    const request = {} as FastifyRequest;
    expect(await readLegacyForm(request, { name: 'Vitz', documents: ['a'] })).toEqual({ fields: { name: 'Vitz', documents: ['a'] }, files: [] });
    expect(await readLegacyForm(request, ['a'])).toEqual({ fields: {}, files: [] });
    expect(await readLegacyForm(request, undefined)).toEqual({ fields: {}, files: [] });
  });

  it('reads a multipart form: a repeated field becomes a list in order, files keep their field and name', async () => {
    const app = Fastify();
    await app.register(multipart);
    let form: LegacyForm | undefined;
    app.post('/form', async (request) => {
      form = await readLegacyForm(request, request.body);
      return {};
    });
    const boundary = 'legacyboundary';
    const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const payload =
      part('Content-Disposition: form-data; name="name"', 'Vitz') +
      part('Content-Disposition: form-data; name="documents"', 'one') +
      part('Content-Disposition: form-data; name="documents"', 'two') +
      part('Content-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: image/png', 'PNGDATA') +
      `--${boundary}--\r\n`;
    const response = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(form?.fields).toEqual({ name: 'Vitz', documents: ['one', 'two'] });
    expect(form?.files).toEqual([{ field: 'image', data: Buffer.from('PNGDATA'), fileName: 'logo.png' }]);
  });
});
