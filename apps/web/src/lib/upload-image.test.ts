import { api, identityApi } from '@parley/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setAppCheckTokenProvider } from '@/lib/api-client';
import { getSessionState, initSession, stopSession } from '@/lib/auth';
import { createTestBackend } from '@/testing/test-backend';
import { uploadCampaignImage } from './upload-image';

const campaignId = '66666666-6666-4666-8666-666666666666';
const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

const signedInBackend = () => {
  const backend = createTestBackend();
  const tokens = backend.signInStored();
  initSession();
  backend.server.on(api.campaigns.uploadImage, { id: campaignId }, (request) =>
    backend.state.idTokens.has(request.headers.get('x-auth-token') ?? '')
      ? { status: 201, body: { url: '/uploads/image.png' } }
      : { status: 401, body: { code: 'auth/id-token-expired', message: 'Expired' } },
  );
  return { backend, tokens };
};

afterEach(() => {
  stopSession();
  setAppCheckTokenProvider(async () => '');
});

describe('image upload', () => {
  it('sends the PNG as multipart field "file" with the identity and app-check headers, reporting progress', async () => {
    const { backend, tokens } = signedInBackend();
    setAppCheckTokenProvider(async () => 'app-check-token');
    const progress: number[] = [];

    const url = await uploadCampaignImage(campaignId, png(), (fraction) => progress.push(fraction));

    expect(url).toBe('/uploads/image.png');
    const [request] = backend.server.requestsTo(api.campaigns.uploadImage, { id: campaignId });
    expect(request?.path).toBe(`/api/campaign/${campaignId}/image`);
    expect(request?.headers.get('x-auth-token')).toBe(tokens.idToken);
    expect(request?.headers.get('X-Firebase-AppCheck')).toBe('app-check-token');
    expect(request?.headers.get('content-type')).toBeNull();
    expect((request?.body as FormData | undefined)?.get('file')).toBeInstanceOf(Blob);
    expect(progress.at(-1)).toBe(1);
  });

  it('refreshes the token once on 401 and retries the upload', async () => {
    const { backend, tokens } = signedInBackend();
    backend.state.idTokens.delete(tokens.idToken); // revoked early on the server

    const url = await uploadCampaignImage(campaignId, png(), () => undefined);

    expect(url).toBe('/uploads/image.png');
    const uploads = backend.server.requestsTo(api.campaigns.uploadImage, { id: campaignId });
    expect(uploads).toHaveLength(2);
    expect(uploads[1]?.headers.get('x-auth-token')).not.toBe(tokens.idToken);
    expect((uploads[1]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(Blob);
    expect(backend.server.requestsTo(identityApi.refresh)).toHaveLength(1);
    expect(getSessionState().status).toBe('signed-in');
  });

  it('answers a refusal as ApiError, like every other call', async () => {
    const { backend } = signedInBackend();
    backend.server.on(api.campaigns.uploadImage, { id: campaignId }, () => ({
      status: 400,
      body: { code: 'file/invalid', message: 'The file is not an image.', field: 'file' },
    }));

    await expect(uploadCampaignImage(campaignId, png(), () => undefined)).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'file/invalid',
      field: 'file',
    });
  });
});
