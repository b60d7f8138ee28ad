import { errorSchema, imageUpload } from '@parley/contract';
import { ApiError, apiBase, getAppCheckToken } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth/session';

/**
 * D25: whatever image the owner picks (JPEG, WebP, a huge PNG…) becomes a PNG of at most
 * 2000 px a side in the browser, so the server only ever has to check one format and one size.
 */
const notAnImage = () =>
  new ApiError(400, { code: 'file/invalid', message: 'The file is not an image.', field: 'file' });

type Drawable = { source: CanvasImageSource; width: number; height: number; release: () => void };

/** createImageBitmap decodes rasters off the main thread; SVG needs an <img> to be drawn. */
const decode = async (file: Blob): Promise<Drawable> => {
  try {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  } catch {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.src = url;
    try {
      await img.decode();
    } catch {
      URL.revokeObjectURL(url);
      throw notAnImage();
    }
    if (!img.naturalWidth || !img.naturalHeight) {
      URL.revokeObjectURL(url);
      throw notAnImage();
    }
    return {
      source: img,
      width: img.naturalWidth,
      height: img.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  }
};

/**
 * D25: whatever image the owner picks (JPEG, WebP, SVG, a huge PNG…) becomes a PNG of at most
 * 2000 px a side in the browser, so the server only ever has to check one format and one size.
 */
export const toPng = async (file: Blob, maxPixels: number = imageUpload.maxPixels): Promise<Blob> => {
  const image = await decode(file);
  const scale = Math.min(1, maxPixels / Math.max(image.width, image.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(image.source, 0, 0, canvas.width, canvas.height);
  image.release();
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
  });
};

const parseError = (xhr: XMLHttpRequest): ApiError => {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // Not JSON (a proxy's HTML page): the status speaks for itself.
  }
  const parsed = errorSchema.safeParse(body);
  if (xhr.status === 0) return new ApiError(0, { code: 'network', message: 'Upload failed' });
  return new ApiError(
    xhr.status,
    parsed.success ? parsed.data : { code: `http/${xhr.status}`, message: xhr.statusText || 'Upload failed' },
  );
};

/**
 * POST /api/campaign/:id/image (multipart field `file`). XMLHttpRequest rather than fetch:
 * fetch reports no upload progress, and a 5 MB upload on a slow line needs a progress bar.
 * `onProgress` gets 0…1.
 */
export const uploadCampaignImage = async (
  campaignId: string,
  png: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> => {
  if (png.size > imageUpload.maxBytes) {
    throw new ApiError(413, { code: 'file/too-large', message: 'The file is too large.', field: 'file' });
  }
  const [idToken, appCheck] = await Promise.all([getIdToken(), getAppCheckToken()]);
  const data = new FormData();
  data.append('file', png, 'image.png');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${imageUpload.path.replace(':id', encodeURIComponent(campaignId))}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-auth-token', idToken);
    xhr.setRequestHeader('X-Firebase-AppCheck', appCheck);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(parseError(xhr));
      const parsed = imageUpload.response.safeParse(JSON.parse(xhr.responseText));
      if (!parsed.success) return reject(parseError(xhr));
      onProgress(1);
      resolve(parsed.data.url);
    };
    xhr.onerror = () => reject(parseError(xhr));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });
};
