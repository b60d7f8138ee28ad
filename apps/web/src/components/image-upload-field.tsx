import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { dismissNotification, notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { toPng } from '@/lib/upload-image';
import { NaturalImage } from './natural-image';

type ImageUploadFieldProps = {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Uploads the PNG and answers its URL; reports progress 0…1. */
  upload: (png: Blob, onProgress: (fraction: number) => void) => Promise<string>;
  disabled?: boolean;
  description?: string;
};

/**
 * An image picked, turned into a PNG of at most 2000 px in the browser (D25), uploaded with a
 * progress bar, then shown. The field keeps only the URL; saving the form stores it.
 */
export const ImageUploadField = ({
  label,
  value,
  onChange,
  upload,
  disabled = false,
  description,
}: ImageUploadFieldProps) => {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  // One error notification per field: the next attempt closes it, so a refused file's error
  // never stays beside an image that did arrive.
  const errorId = `image-upload-${labelId}`;

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    dismissNotification(errorId);
    setProgress(0);
    try {
      const png = await toPng(file);
      onChange(await upload(png, setProgress));
    } catch (error) {
      notifyError({ id: errorId, title: t('campaigns.image.failedTitle'), message: apiErrorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Input.Wrapper label={label} description={description} id={labelId}>
      <Stack gap="xs" mt={4}>
        {value ? (
          <NaturalImage src={value} alt={t('campaigns.image.preview')} mah={200} radius="sm" />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('campaigns.image.none')}
          </Text>
        )}
        {uploading ? (
          <LabelledProgress
            value={Math.round(progress * 100)}
            label={t('campaigns.image.uploading')}
            valueText={t('campaigns.image.progress', { percent: Math.round(progress * 100) })}
            animated
          />
        ) : null}
        <Group gap="xs">
          <FileButton
            resetRef={resetRef}
            onChange={(file) => void choose(file)}
            accept="image/*"
            disabled={disabled || uploading}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                loading={uploading}
                disabled={disabled || uploading}
              >
                {value ? t('campaigns.image.replace') : t('campaigns.image.choose')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onChange(null)}
              disabled={disabled || uploading}
            >
              {t('campaigns.image.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
};
