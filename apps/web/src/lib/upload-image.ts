import { api, imageUpload } from '@parley/contract';
import { ApiError, upload } from '@/lib/api-client';

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

/**
 * Uploads the PNG through the API client (token refresh and retry, errors as ApiError), with a
 * progress bar's `onProgress` (0…1). Answers the image's address.
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
  const data = new FormData();
  data.append('file', png, 'image.png');
  const answer = await upload(api.campaigns.uploadImage, { params: { id: campaignId } }, data, {
    signal,
    onProgress,
  });
  const parsed = imageUpload.response.safeParse(answer);
  if (!parsed.success) throw new ApiError(201, { code: 'http/201', message: 'Upload failed' });
  onProgress(1);
  return parsed.data.url;
};
