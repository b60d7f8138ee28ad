import { useEffect, useState } from 'react';

/**
 * A fetched file (a private image or video) as an object URL for <img> or <video>: made once the
 * blob is there, revoked when the blob changes or the component showing it goes away.
 */
export const useObjectUrl = (blob: Blob | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
};
